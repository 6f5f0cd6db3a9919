/**
 * What staff do to an account: suspension (the next request of every session refused with one
 * text, sign-in, generate and buy too, nothing deleted; on a second instance within its limit),
 * premium by hand, roles (the last admin keeps theirs), each on the record. The audit log cannot be
 * edited or emptied by anyone, the studio's own database role included.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getAuthOptions } from '~/server/auth/options';
import { createDb, type Db } from '~/server/db/client';
import { expireLapsedPremium } from '~/server/services/billing/premium';
import { SUSPENDED_IDS_MAX_AGE_MS } from '~/server/services/suspension';
import { LAST_ADMIN } from '~/server/services/staff/user-actions';
import { createInnerContext } from '~/server/trpc/context';
import { createCaller } from '~/server/trpc/root';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { createStaff, formId, refusalOf } from './helpers';

const SUSPENDED = { code: 'FORBIDDEN', message: 'This account is suspended. Contact support if you think this is a mistake.' };

let studio: Studio;
let admin: StudioUser;
/** A second instance: its own client and pool on the same database, its own lists and caches. */
let other: Db;

beforeAll(async () => {
  studio = await startStudio();
  admin = await createStaff(studio, 'admin');
  other = createDb(studio.database.connectionString, { maxConnections: studio.database.maxConnections });
});

afterAll(async () => {
  vi.useRealTimers();
  await other?.$disconnect();
  await studio?.stop();
});

const on = (db: Db, user: StudioUser) => createCaller(createInnerContext({ db, user: { id: user.id } }));
const submit = (db: Db, user: StudioUser) => on(db, user).generation.submit({ model_id: 'flux-schnell', prompt: 'a lighthouse at dusk' });
const suspend = (user: StudioUser, suspended: boolean) => studio.caller(admin).admin.setSuspended({ actionId: formId(), userId: user.id, suspended, reason: 'Spam from this account' });

describe('suspension', () => {
  it('refuses the next request of the user’s sessions, sign-in, generate and buy with one text; nothing is deleted', async () => {
    const user = await studio.createUser({ credits: 50 });
    const made = await submit(studio.db, user);
    await suspend(user, true);
    expect(await refusalOf(studio.caller(user).user.details())).toEqual(SUSPENDED);
    expect(await refusalOf(studio.caller(user).credits.history({}))).toEqual(SUSPENDED);
    expect(await refusalOf(submit(studio.db, user))).toEqual(SUSPENDED);
    expect(await refusalOf(studio.caller(user).billing.checkout({ item: 'credits-500' }))).toEqual(SUSPENDED);
    expect(await getAuthOptions().callbacks!.signIn!({ user: { id: user.id }, account: null } as never)).toBe(false);
    // Nothing of theirs is gone: the generation, the balance.
    expect(await studio.db.generation.count({ where: { id: made.id } })).toBe(1);
    expect(await studio.balance(user)).toBe(50 - 1);
    expect(await studio.db.auditEntry.findFirstOrThrow({ where: { targetId: user.id, action: 'user.suspend' } })).toMatchObject({ reason: 'Spam from this account', before: { suspendedAt: null } });

    await suspend(user, false);
    expect(await studio.caller(user).user.details()).toMatchObject({ id: user.id, credits: 49 });
    expect(await getAuthOptions().callbacks!.signIn!({ user: { id: user.id }, account: null } as never)).toBe(true);
    await submit(studio.db, user);
    expect(await studio.db.auditEntry.count({ where: { targetId: user.id, action: 'user.unsuspend' } })).toBe(1);
  });

  it('reaches a second instance: its signed-in doors at once, its generate within SUSPENDED_IDS_MAX_AGE_MS (under the 60 s promised)', async () => {
    expect(SUSPENDED_IDS_MAX_AGE_MS).toBeLessThanOrEqual(60_000 / 2);
    const user = await studio.createUser({ credits: 50 });
    // The second instance has read its list of suspended accounts (a submit asks for it).
    await submit(other, user);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      await suspend(user, true);
      expect(await refusalOf(on(other, user).user.details())).toEqual(SUSPENDED);
      vi.setSystemTime(Date.now() + SUSPENDED_IDS_MAX_AGE_MS);
      expect(await refusalOf(submit(other, user))).toEqual(SUSPENDED);
    } finally {
      vi.useRealTimers();
    }
    await suspend(user, false);
  });

  it('an admin cannot suspend their own account', async () => {
    expect(await refusalOf(suspend(admin, true))).toEqual({ code: 'BAD_REQUEST', message: 'You cannot suspend your own account.' });
  });
});

describe('premium by hand', () => {
  it('on with an end date, off again, each on the record; it ends by itself at its date', async () => {
    const user = await studio.createUser();
    const until = new Date(Date.now() + 7 * 24 * 3600 * 1000);
    await studio.caller(admin).admin.setPremium({ actionId: formId(), userId: user.id, on: true, until, reason: 'Beta tester' });
    expect(await studio.caller(user).user.details()).toMatchObject({ premium: true });
    expect(await studio.caller(admin).admin.user({ userId: user.id })).toMatchObject({ premium: true, manualPremium: { until } });
    // The sweep (once a minute on each server) ends it at its date.
    expect(await expireLapsedPremium(studio.db, new Date(until.getTime() + 1))).toContain(user.id);
    expect(await studio.caller(user).user.details()).toMatchObject({ premium: false });

    await studio.caller(admin).admin.setPremium({ actionId: formId(), userId: user.id, on: true, reason: 'Again, no end' });
    expect(await studio.caller(user).user.details()).toMatchObject({ premium: true });
    await studio.caller(admin).admin.setPremium({ actionId: formId(), userId: user.id, on: false, reason: 'Beta over' });
    expect(await studio.caller(user).user.details()).toMatchObject({ premium: false });
    const rows = await studio.db.auditEntry.findMany({ where: { targetId: user.id, action: 'user.premium' }, orderBy: { createdAt: 'asc' } });
    expect(rows.map((r) => [r.reason, (r.after as { premium: boolean }).premium])).toEqual([
      ['Beta tester', true],
      ['Again, no end', true],
      ['Beta over', false],
    ]);
  });

  it('an end date in the past is refused, nothing changed', async () => {
    const user = await studio.createUser();
    expect(await refusalOf(studio.caller(admin).admin.setPremium({ actionId: formId(), userId: user.id, on: true, until: new Date(Date.now() - 1000), reason: 'Oops' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'The end date must be in the future.',
    });
    expect(await studio.caller(user).user.details()).toMatchObject({ premium: false });
  });
});

describe('roles', () => {
  it('an admin makes someone support, then admin; the role shows in their details (the header’s link)', async () => {
    const user = await studio.createUser();
    await studio.caller(admin).admin.setRole({ actionId: formId(), userId: user.id, role: 'support', reason: 'Joined support' });
    expect(await studio.caller(user).user.details()).toMatchObject({ role: 'support' });
    expect(await studio.caller(user).admin.searchUsers({ query: user.email })).toHaveLength(1);
    await expect(studio.caller(user).admin.audit({})).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await studio.db.auditEntry.findFirstOrThrow({ where: { targetId: user.id, action: 'user.role' } })).toMatchObject({ before: { role: 'user' }, after: { role: 'support' } });
  });

  it('the last admin cannot remove their own role; with another admin they can', async () => {
    const fresh = await startStudio();
    try {
      const only = await createStaff(fresh, 'admin');
      expect(await refusalOf(fresh.caller(only).admin.setRole({ actionId: formId(), userId: only.id, role: 'user', reason: 'Leaving' }))).toEqual({ code: 'BAD_REQUEST', message: LAST_ADMIN });
      expect(await fresh.caller(only).user.details()).toMatchObject({ role: 'admin' });
      const second = await createStaff(fresh, 'admin');
      await fresh.caller(only).admin.setRole({ actionId: formId(), userId: only.id, role: 'support', reason: 'Leaving' });
      expect(await fresh.caller(only).user.details()).toMatchObject({ role: 'support' });
      expect(await fresh.caller(second).user.details()).toMatchObject({ role: 'admin' });
    } finally {
      await fresh.stop();
    }
  });
});

describe('the audit log', () => {
  it('lists actions newest first, filtered by action, actor and target', async () => {
    const user = await studio.createUser();
    await studio.caller(admin).admin.adjustCredits({ actionId: formId(), userId: user.id, amount: 9, reason: 'Filter me' });
    const byTarget = await studio.caller(admin).admin.audit({ targetId: user.id });
    expect(byTarget.items.map((row) => [row.action, row.reason, row.actorEmail])).toEqual([['credits.grant', 'Filter me', admin.email]]);
    const byAction = await studio.caller(admin).admin.audit({ action: 'credits.grant', actor: admin.email.toUpperCase() });
    expect(byAction.items.every((row) => row.action === 'credits.grant' && row.actorId === admin.id)).toBe(true);
    expect(byAction.items[0]?.targetId).toBe(user.id);
  });

  it('cannot be edited, deleted or emptied, whoever asks', async () => {
    const count = await studio.db.auditEntry.count();
    expect(count).toBeGreaterThan(0);
    const refusal = 'The audit log is append-only: its rows cannot be changed or deleted.';
    await expect(studio.db.$executeRaw`UPDATE "AuditEntry" SET "reason" = 'edited'`).rejects.toThrow(refusal);
    await expect(studio.db.$executeRaw`DELETE FROM "AuditEntry"`).rejects.toThrow(refusal);
    await expect(studio.db.$executeRaw`TRUNCATE "AuditEntry"`).rejects.toThrow(refusal);
    expect(await studio.db.auditEntry.count()).toBe(count);
  });
});
