/**
 * Maintenance from the console: stored in the database, applied by every instance within 5 s (each
 * reads it at most MAINTENANCE_MAX_AGE_MS apart), with the spec's texts and blocked actions;
 * MAINTENANCE_ENABLED=true still forces it on whatever the console says.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetEnvCache } from '~/env';
import { createDb, type Db } from '~/server/db/client';
import { MAINTENANCE_MAX_AGE_MS } from '~/server/services/maintenance';
import { createInnerContext } from '~/server/trpc/context';
import { createCaller } from '~/server/trpc/root';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { createStaff, formId, refusalOf } from './helpers';

const SPEC_TEXT = 'System is under maintenance. Expected downtime: 6 hours. Please try again later.';

let studio: Studio;
let admin: StudioUser;
let user: StudioUser;
let other: Db;

beforeAll(async () => {
  studio = await startStudio();
  admin = await createStaff(studio, 'admin');
  user = await studio.createUser({ credits: 100 });
  other = createDb(studio.database.connectionString, { maxConnections: studio.database.maxConnections });
});

afterAll(async () => {
  vi.useRealTimers();
  await other?.$disconnect();
  await studio?.stop();
});

const on = (db: Db, who: StudioUser) => createCaller(createInnerContext({ db, user: { id: who.id } }));
const submit = (db: Db) => on(db, user).generation.submit({ model_id: 'flux-schnell', prompt: 'a quiet harbour' });
const switchTo = (enabled: boolean, message: string | null = null) => studio.caller(admin).admin.setMaintenance({ actionId: formId(), enabled, message, reason: 'Database upgrade' });

describe('maintenance switched in the console', () => {
  it('blocks generate, purchase and subscription with the spec’s text, shows in the status, and lifts again', async () => {
    await switchTo(true);
    const refused = { code: 'SERVICE_UNAVAILABLE', message: SPEC_TEXT };
    expect(await refusalOf(submit(studio.db))).toEqual(refused);
    expect(await refusalOf(studio.caller(user).billing.checkout({ item: 'credits-500' }))).toEqual(refused);
    expect(await refusalOf(studio.caller(user).billing.checkout({ item: 'premium-monthly' }))).toEqual(refused);
    expect((await studio.caller(null).system.status()).maintenance).toEqual({ enabled: true, message: SPEC_TEXT, estimatedMinutes: 360, blockedActions: ['generate', 'purchase', 'subscription'] });
    expect(await studio.caller(admin).admin.maintenance()).toEqual({ enabled: true, message: SPEC_TEXT, forcedByEnvironment: false, consoleMessage: null });
    await switchTo(false);
    await submit(studio.db);
    expect((await studio.caller(null).system.status()).maintenance.enabled).toBe(false);
    const rows = await studio.db.auditEntry.findMany({ where: { action: 'maintenance.set' }, orderBy: { createdAt: 'asc' } });
    expect(rows.map((r) => r.after)).toEqual([
      { enabled: true, message: null },
      { enabled: false, message: null },
    ]);
  });

  it('says the console’s own text when it has one', async () => {
    await switchTo(true, '  Back at noon UTC.  ');
    expect(await refusalOf(submit(studio.db))).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'Back at noon UTC.' });
    await switchTo(false);
  });

  it('reaches a second instance within MAINTENANCE_MAX_AGE_MS (under the 5 s promised), on and off', async () => {
    expect(MAINTENANCE_MAX_AGE_MS).toBeLessThan(5_000);
    await submit(other);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      await switchTo(true);
      // The instance that switched it applies it at once.
      expect(await refusalOf(submit(studio.db))).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      vi.setSystemTime(Date.now() + MAINTENANCE_MAX_AGE_MS);
      expect(await refusalOf(submit(other))).toEqual({ code: 'SERVICE_UNAVAILABLE', message: SPEC_TEXT });
      await switchTo(false);
      vi.setSystemTime(Date.now() + MAINTENANCE_MAX_AGE_MS);
      await submit(other);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a message longer than 500 characters or a reason of spaces is refused, the switch unchanged', async () => {
    expect(await refusalOf(studio.caller(admin).admin.setMaintenance({ actionId: formId(), enabled: true, message: 'x'.repeat(501), reason: 'Upgrade' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'message: A maintenance message is at most 500 characters.',
    });
    expect(await refusalOf(studio.caller(admin).admin.setMaintenance({ actionId: formId(), enabled: true, reason: ' ' }))).toEqual({ code: 'BAD_REQUEST', message: 'reason: A reason is required.' });
    expect((await studio.caller(admin).admin.maintenance()).enabled).toBe(false);
  });
});

describe('MAINTENANCE_ENABLED=true', () => {
  it('forces maintenance on whatever the console says', async () => {
    process.env.MAINTENANCE_ENABLED = 'true';
    resetEnvCache();
    try {
      await switchTo(false);
      expect(await refusalOf(submit(studio.db))).toEqual({ code: 'SERVICE_UNAVAILABLE', message: SPEC_TEXT });
      expect(await studio.caller(admin).admin.maintenance()).toMatchObject({ enabled: true, forcedByEnvironment: true });
    } finally {
      delete process.env.MAINTENANCE_ENABLED;
      resetEnvCache();
    }
  });
});
