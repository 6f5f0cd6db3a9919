/**
 * The console's jobs: the list and its filters (the stuck one from the catalogue's longest
 * estimates); cancel refunds once; a finished job refunded once (a second refund refused, 20 at
 * once refund once); a failed job run again for its owner at no charge, linked to it, with a zero
 * ledger row naming the new one. Each action on the record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getModel, longestEstimateFor } from '~/catalogue';
import { newRowId } from '~/server/db/ids';
import { debitCredits } from '~/server/services/credits/ledger';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { createStaff, formId, refusalOf } from './helpers';

let studio: Studio;
let support: StudioUser;
let admin: StudioUser;

beforeAll(async () => {
  studio = await startStudio();
  support = await createStaff(studio, 'support');
  admin = await createStaff(studio, 'admin');
});

afterAll(async () => {
  await studio?.stop();
});

const HOUR = 3_600_000;

/**
 * A job as the engine leaves one, paid for through the ledger: running ones are due in an hour (so
 * no engine round touches them) unless `dispatchAt` says otherwise.
 */
async function seedJob(user: StudioUser, status: string, options: { cost?: number; dispatchAt?: Date; modelId?: string; error?: string } = {}) {
  const { cost = 4, modelId = 'flux-schnell' } = options;
  const id = newRowId();
  await studio.db.$transaction(async (tx) => {
    await tx.generation.create({
      data: {
        id,
        userId: user.id,
        modelId,
        appType: 'image',
        outputType: 'image',
        status,
        input: { prompt: 'a lighthouse in the fog', model_id: modelId },
        cost,
        platform: 'local',
        providerTarget: 'flux-schnell',
        dispatchAt: options.dispatchAt ?? new Date(Date.now() + HOUR),
        deadlineAt: new Date(Date.now() + 2 * HOUR),
        error: options.error ?? null,
        completedAt: ['succeeded', 'failed', 'canceled'].includes(status) ? new Date() : null,
      },
    });
    await debitCredits(tx, user.id, cost, { reason: 'generation_debit', generationId: id, note: 'FLUX Schnell' });
  });
  return id;
}

const ledgerOf = (generationId: string) => studio.db.creditLedgerEntry.findMany({ where: { generationId }, orderBy: { createdAt: 'asc' }, select: { amount: true, reason: true, note: true } });

describe('the jobs list', () => {
  it('filters by status, model, provider and user, newest first, each failure with its provider’s error text', async () => {
    const user = await studio.createUser({ credits: 100 });
    const failed = await seedJob(user, 'failed', { error: 'Replicate: CUDA out of memory' });
    const done = await seedJob(user, 'succeeded', { modelId: 'flux-dev' });
    const page = await studio.caller(support).admin.jobs({ userId: user.id });
    expect(page.items.map((job) => [job.id, job.status, job.error, job.userEmail])).toEqual([
      [done, 'succeeded', null, user.email],
      [failed, 'failed', 'Replicate: CUDA out of memory', user.email],
    ]);
    expect((await studio.caller(support).admin.jobs({ userId: user.id, status: 'failed' })).items.map((job) => job.id)).toEqual([failed]);
    expect((await studio.caller(support).admin.jobs({ userId: user.id, modelId: 'flux-dev', status: 'succeeded' })).items.map((job) => job.id)).toEqual([done]);
    expect((await studio.caller(support).admin.jobs({ userId: user.id, platform: 'replicate' })).items).toEqual([]);
  });

  it('pages with a cursor', async () => {
    const user = await studio.createUser({ credits: 100 });
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push(await seedJob(user, 'succeeded'));
    const first = await studio.caller(support).admin.jobs({ userId: user.id, limit: 2 });
    const second = await studio.caller(support).admin.jobs({ userId: user.id, limit: 2, cursor: first.nextCursor! });
    expect([...first.items, ...second.items].map((job) => job.id)).toEqual([...ids].reverse());
    expect(second.nextCursor).toBeNull();
  });

  it('"stuck": running longer than the model’s longest expected time, from the catalogue', async () => {
    expect(longestEstimateFor(getModel('flux-schnell')!)).toBeGreaterThan(0);
    const user = await studio.createUser({ credits: 100 });
    const stuck = await seedJob(user, 'processing', { dispatchAt: new Date(Date.now() - HOUR) });
    await seedJob(user, 'processing', { dispatchAt: new Date(Date.now() + HOUR) });
    await seedJob(user, 'failed', { dispatchAt: new Date(Date.now() - HOUR) });
    expect((await studio.caller(support).admin.jobs({ userId: user.id, stuck: true })).items.map((job) => job.id)).toEqual([stuck]);
    expect((await studio.caller(support).admin.jobs({ userId: user.id, stuck: true, status: 'failed' })).items).toEqual([]);
  });

  it('a period whose start is not before its end is refused', async () => {
    const now = new Date();
    expect(await refusalOf(studio.caller(support).admin.jobs({ from: now, to: now }))).toEqual({ code: 'BAD_REQUEST', message: 'to: The start date must be before the end date.' });
  });
});

describe('cancel', () => {
  it('ends a running job and refunds it once, on the record; the same form again changes nothing', async () => {
    const user = await studio.createUser({ credits: 20 });
    const id = await seedJob(user, 'queued');
    const form = { actionId: formId(), generationId: id, reason: 'Stuck in the queue' };
    expect(await studio.caller(support).admin.cancelJob(form)).toEqual({ repeated: false });
    expect(await studio.caller(support).admin.cancelJob(form)).toEqual({ repeated: true });
    expect(await studio.db.generation.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'canceled', error: 'Generation canceled.' });
    expect(await studio.balance(user)).toBe(20);
    expect(await ledgerOf(id)).toEqual([
      { amount: -4, reason: 'generation_debit', note: 'FLUX Schnell' },
      { amount: 4, reason: 'generation_refund', note: 'Generation canceled' },
    ]);
    expect(await studio.db.auditEntry.findUniqueOrThrow({ where: { id: form.actionId } })).toMatchObject({ action: 'job.cancel', targetId: id, actorId: support.id, reason: 'Stuck in the queue', after: { status: 'canceled', refunded: 4 } });
  });

  it('20 cancels at once (different forms): one ends it, one refund; the others are told it is no longer running', async () => {
    const user = await studio.createUser({ credits: 20 });
    const id = await seedJob(user, 'processing');
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => studio.caller(support).admin.cancelJob({ actionId: formId(), generationId: id, reason: 'Race' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(new Set(results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : [])))).toEqual(new Set(['This generation is no longer running.']));
    expect(await studio.balance(user)).toBe(20);
    expect(await studio.db.auditEntry.count({ where: { targetId: id, action: 'job.cancel' } })).toBe(1);
  });

  it('a finished job cannot be canceled', async () => {
    const user = await studio.createUser({ credits: 20 });
    const id = await seedJob(user, 'succeeded');
    expect(await refusalOf(studio.caller(support).admin.cancelJob({ actionId: formId(), generationId: id, reason: 'Late' }))).toEqual({ code: 'CONFLICT', message: 'This generation is no longer running.' });
  });
});

describe('refund a finished job', () => {
  it('gives its cost back once, with the reason; a second refund is refused, nothing changed', async () => {
    const user = await studio.createUser({ credits: 20 });
    const id = await seedJob(user, 'succeeded');
    expect(await studio.caller(support).admin.refundJob({ actionId: formId(), generationId: id, reason: 'Blurry result' })).toEqual({ repeated: false });
    expect(await studio.balance(user)).toBe(20);
    expect(await refusalOf(studio.caller(support).admin.refundJob({ actionId: formId(), generationId: id, reason: 'Again' }))).toEqual({ code: 'BAD_REQUEST', message: 'This generation was already refunded.' });
    expect(await studio.balance(user)).toBe(20);
    expect(await ledgerOf(id)).toEqual([
      { amount: -4, reason: 'generation_debit', note: 'FLUX Schnell' },
      { amount: 4, reason: 'generation_refund', note: 'Blurry result' },
    ]);
    expect(await studio.db.auditEntry.count({ where: { targetId: id, action: 'job.refund' } })).toBe(1);
  });

  it('20 refunds at once (different forms) refund once', async () => {
    const user = await studio.createUser({ credits: 20 });
    const id = await seedJob(user, 'succeeded', { cost: 7 });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => studio.caller(support).admin.refundJob({ actionId: formId(), generationId: id, reason: 'Race' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await studio.balance(user)).toBe(20);
    expect(await studio.db.creditLedgerEntry.count({ where: { generationId: id, reason: 'generation_refund' } })).toBe(1);
  });

  it('a failure (already refunded by the engine) and a running job are refused', async () => {
    const user = await studio.createUser({ credits: 20 });
    const running = await seedJob(user, 'processing');
    expect(await refusalOf(studio.caller(support).admin.refundJob({ actionId: formId(), generationId: running, reason: 'Early' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'A running generation is refunded by canceling it.',
    });
    await studio.caller(support).admin.cancelJob({ actionId: formId(), generationId: running, reason: 'Stop' });
    expect(await refusalOf(studio.caller(support).admin.refundJob({ actionId: formId(), generationId: running, reason: 'Twice' }))).toEqual({ code: 'BAD_REQUEST', message: 'This generation was already refunded.' });
    expect(await refusalOf(studio.caller(support).admin.refundJob({ actionId: formId(), generationId: 'cnosuchjob000000000000000', reason: 'Who' }))).toEqual({ code: 'NOT_FOUND', message: 'Generation not found.' });
    expect(await studio.balance(user)).toBe(20);
  });
});

describe('re-run a failed job for its owner, free', () => {
  it('a new generation linked to the old one, costing nothing, with a zero ledger row naming it', async () => {
    const user = await studio.createUser({ credits: 20 });
    const failed = await seedJob(user, 'failed', { error: 'Provider timeout' });
    const balance = await studio.balance(user);
    const answer = await studio.caller(admin).admin.rerunJob({ actionId: formId(), generationId: failed, reason: 'Provider outage' });
    expect(answer.repeated).toBe(false);
    const rerun = await studio.db.generation.findUniqueOrThrow({ where: { id: answer.generationId! } });
    expect(rerun).toMatchObject({ userId: user.id, modelId: 'flux-schnell', cost: 0, rerunOfId: failed, input: { prompt: 'a lighthouse in the fog', model_id: 'flux-schnell' } });
    expect(await ledgerOf(rerun.id)).toEqual([{ amount: 0, reason: 'generation_rerun', note: `Free re-run of ${failed}` }]);
    expect(await studio.db.creditLedgerEntry.findFirstOrThrow({ where: { generationId: rerun.id } })).toMatchObject({ balanceAfter: balance });
    expect(await studio.balance(user)).toBe(balance);
    expect(await studio.db.auditEntry.findFirstOrThrow({ where: { targetId: failed, action: 'job.rerun' } })).toMatchObject({ reason: 'Provider outage', after: { rerunId: rerun.id } });
    // It shows in the owner's own creations.
    expect((await studio.caller(user).prediction.get({ id: rerun.id })).id).toBe(rerun.id);
  });

  it('only a failed job, and only once', async () => {
    const user = await studio.createUser({ credits: 20 });
    const done = await seedJob(user, 'succeeded');
    expect(await refusalOf(studio.caller(admin).admin.rerunJob({ actionId: formId(), generationId: done, reason: 'Nice' }))).toEqual({ code: 'BAD_REQUEST', message: 'Only a failed generation can be run again.' });
    const failed = await seedJob(user, 'failed');
    const first = await studio.caller(admin).admin.rerunJob({ actionId: formId(), generationId: failed, reason: 'Once' });
    expect(await refusalOf(studio.caller(admin).admin.rerunJob({ actionId: formId(), generationId: failed, reason: 'Twice' }))).toEqual({
      code: 'BAD_REQUEST',
      message: `This generation was already run again (${first.generationId}).`,
    });
    expect(await studio.db.generation.count({ where: { rerunOfId: failed } })).toBe(1);
  });
});
