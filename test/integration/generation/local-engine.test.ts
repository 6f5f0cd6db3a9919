/**
 * The generation engine end to end on the embedded defaults: the local engine, real files in
 * local storage, the ledger, the free-tier queue, refunds and visibility rules.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runEngineOnce } from '~/server/services/generation/engine';
import { startStudio, type Studio, type StudioUser, runUntil } from '@test/helpers/studio';

let studio: Studio;

beforeAll(async () => {
  studio = await startStudio();
});

afterAll(async () => {
  await studio?.stop();
});

const finish = (id: string, statuses?: string[]) => runUntil(studio.db, id, statuses, 20_000);

describe('submit → wait → processing → succeeded with real files', () => {
  it('runs a FLUX schnell generation for a free user and charges 1 credit', async () => {
    const user = await studio.createUser({ credits: 5 });
    const submitted = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'a lighthouse at dusk', credit_to_consume: 1, idempotency_key: 'key-schnell-0001' });
    expect(submitted).toMatchObject({ status: 'pending', outputNum: 1, user_credits: 4 });
    expect(submitted.prediction.queue.waitSeconds).toBe(60);
    const row = await finish(submitted.id);
    expect(row.status).toBe('succeeded');
    const prediction = await studio.caller(user).prediction.get({ id: submitted.id });
    expect(prediction.status).toBe('succeeded');
    expect(prediction.display.prompt).toBe('a lighthouse at dusk');
    expect(prediction.display.outputType).toBe('image');
    expect(prediction.display.outputMedia).toHaveLength(1);
    const media = prediction.display.outputMedia[0]!;
    expect(media.contentType).toBe('image/jpeg');
    const file = await fetch(media.publicUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(await studio.balance(user)).toBe(4);
    const ledger = await studio.db.creditLedgerEntry.findMany({ where: { generationId: submitted.id } });
    expect(ledger.map((r) => [r.reason, r.amount])).toEqual([['generation_debit', -1]]);
  });

  it('charges once for a retried submit with the same idempotency key', async () => {
    const user = await studio.createUser({ credits: 50 });
    const input = { model_id: 'flux-dev', prompt: 'a red fox in snow', idempotency_key: 'retry-key-12345' };
    const [a, b] = await Promise.all([studio.caller(user).generation.submit(input), studio.caller(user).generation.submit(input)]);
    const c = await studio.caller(user).generation.submit(input);
    expect(new Set([a.id, b.id, c.id]).size).toBe(1);
    expect(await studio.balance(user)).toBe(40);
    expect(await studio.db.generation.count({ where: { userId: user.id } })).toBe(1);
  });

  it('multiplies the per-image cost by num_outputs and makes that many files', async () => {
    const user = await studio.createUser({ credits: 100 });
    const submitted = await studio.caller(user).generation.submit({ model_id: 'flux-dev', prompt: 'four seasons', num_outputs: 3 });
    expect(submitted.outputNum).toBe(3);
    expect(submitted.user_credits).toBe(70);
    await finish(submitted.id);
    const prediction = await studio.caller(user).prediction.get({ id: submitted.id });
    expect(prediction.display.outputMedia).toHaveLength(3);
  });
});

describe('real local operations on uploaded images', () => {
  it.each([
    ['flux-canny-pro', 'image/jpeg'],
    ['flux-depth-dev', 'image/jpeg'],
    ['upscaler', 'image/png'],
    ['remove-background', 'image/png'],
  ])('%s works on an upload and shows it as the input', async (modelId, contentType) => {
    const user = await studio.createUser({ credits: 100, premium: true });
    const image = await studio.upload(user);
    const field = modelId.startsWith('flux-') ? 'control_image' : 'image_url';
    const submitted = await studio.caller(user).generation.submit({ model_id: modelId, [field]: image, prompt: 'a glass house' });
    const row = await finish(submitted.id);
    expect(row.error).toBeNull();
    const prediction = await studio.caller(user).prediction.get({ id: submitted.id });
    expect(prediction.display.inputImages).toEqual([image]);
    expect(prediction.display.outputMedia[0]!.contentType).toBe(contentType);
  });

  it('upscales for real: the output is the input × scale', async () => {
    const user = await studio.createUser({ credits: 10, premium: true });
    const image = await studio.upload(user);
    const submitted = await studio.caller(user).generation.submit({ model_id: 'upscaler', image_url: image, scale: 3 });
    await finish(submitted.id);
    const prediction = await studio.caller(user).prediction.get({ id: submitted.id });
    const bytes = Buffer.from(await (await fetch(prediction.display.outputMedia[0]!.publicUrl)).arrayBuffer());
    const meta = await (await import('sharp')).default(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([192, 144]);
  });
});

describe('the free-tier queue is enforced on the server', () => {
  it('does not dispatch a free user before the wait, a premium user after the premium wait', async () => {
    const free = await studio.createUser({ credits: 10 });
    const premium = await studio.createUser({ credits: 10, premium: true });
    // Each wait runs from its submit, which happened between the readings around it (however
    // long a busy machine took over the submits).
    const submitted = async (user: StudioUser) => {
      const before = Date.now();
      const { id } = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'queue test' });
      return { row: await studio.db.generation.findUniqueOrThrow({ where: { id } }), before, after: Date.now() };
    };
    const b = await submitted(premium);
    // The free user's job on a clock the test holds (Date only: timers, I/O and the database stay
    // real). Every due check reads that clock, so until it passes the wait nothing may send the job:
    // not its dispatch timer, however late a busy machine runs it, and not a round.
    vi.useFakeTimers({ toFake: ['Date'] });
    let a: Awaited<ReturnType<typeof submitted>>;
    let stillQueued: { status: string };
    try {
      a = await submitted(free);
      vi.setSystemTime(a.row.dispatchAt.getTime() - 1);
      await runEngineOnce(studio.db);
      stillQueued = await studio.db.generation.findUniqueOrThrow({ where: { id: a.row.id } });
    } finally {
      vi.useRealTimers();
    }
    // TIME_SCALE 0.01: free 60 s → 600 ms, premium 10 s → 100 ms.
    expect(a.row.waitSeconds).toBe(60);
    expect(b.row.waitSeconds).toBe(10);
    expect(a.row.dispatchAt.getTime()).toBeGreaterThanOrEqual(a.before + 600);
    expect(a.row.dispatchAt.getTime()).toBeLessThanOrEqual(a.after + 600);
    expect(b.row.dispatchAt.getTime()).toBeGreaterThanOrEqual(b.before + 100);
    expect(b.row.dispatchAt.getTime()).toBeLessThanOrEqual(b.after + 100);
    // A round a millisecond before the wait is over leaves the job queued.
    expect(stillQueued.status).toBe('queued');
    const done = await finish(a.row.id);
    expect(done.dispatchedAt!.getTime()).toBeGreaterThanOrEqual(a.row.dispatchAt.getTime());
  });
});

describe('checks, in the order of core-flow §5', () => {
  it('refuses a signed-out caller before validating anything', async () => {
    await expect(studio.caller(null).generation.submit({ model_id: 'nope' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('names a missing or unknown model', async () => {
    const user = await studio.createUser({ credits: 10 });
    await expect(studio.caller(user).generation.submit({ prompt: 'x' })).rejects.toMatchObject({ message: 'No model selected' });
    await expect(studio.caller(user).generation.submit({ model_id: 'nope', prompt: 'x' })).rejects.toMatchObject({ message: 'Invalid model ID: No configuration found' });
  });

  it('validates with the model’s exact message, before looking at credits, and writes nothing', async () => {
    const user = await studio.createUser({ credits: 0 });
    await expect(studio.caller(user).generation.submit({ model_id: 'flux-kontext', prompt: 'make it snow', mode: 'lite' })).rejects.toMatchObject({
      message: 'An input image is required for Lite and Standard modes.',
    });
    expect(await studio.db.generation.count({ where: { userId: user.id } })).toBe(0);
  });

  it('refuses with insufficient credits (402) and writes nothing', async () => {
    const user = await studio.createUser({ credits: 5 });
    await expect(studio.caller(user).generation.submit({ model_id: 'flux-dev', prompt: 'costly' })).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED', message: 'Insufficient credits.' });
    expect(await studio.balance(user)).toBe(5);
    expect(await studio.db.generation.count({ where: { userId: user.id } })).toBe(0);
  });

  it('refuses a client that showed a lower price than the real one', async () => {
    const user = await studio.createUser({ credits: 50 });
    await expect(studio.caller(user).generation.submit({ model_id: 'flux-dev', prompt: 'x', credit_to_consume: 1 })).rejects.toMatchObject({
      message: 'This generation costs 10 credits, but 1 were shown. Please review the price and try again.',
    });
    expect(await studio.balance(user)).toBe(50);
  });

  it('check answers cost and shortfall without charging; the credit part can be skipped', async () => {
    const user = await studio.createUser({ credits: 3 });
    expect(await studio.caller(user).generation.check({ model_id: 'flux-dev', prompt: 'x' })).toEqual({
      success: false,
      credits: 10,
      message: 'This generation needs 10 credits, but you only have 3.',
      error: 'insufficient_credits',
    });
    expect(await studio.caller(user).generation.check({ model_id: 'flux-dev', prompt: 'x', skip_credit_check: true })).toEqual({ success: true, credits: 10, message: null, error: null });
    expect(await studio.balance(user)).toBe(3);
  });
});

describe('privacy', () => {
  it('forces public for free users and hides a premium user’s private creation from everyone else', async () => {
    const free = await studio.createUser({ credits: 10 });
    const owner = await studio.createUser({ credits: 10, premium: true });
    const other = await studio.createUser({ credits: 10 });
    const forced = await studio.caller(free).generation.submit({ model_id: 'flux-schnell', prompt: 'public anyway', is_public: false });
    expect(forced.prediction.isPublic).toBe(true);
    const secret = await studio.caller(owner).generation.submit({ model_id: 'flux-schnell', prompt: 'private', is_public: false });
    expect(secret.prediction.isPublic).toBe(false);
    await finish(secret.id);
    await expect(studio.caller(other).prediction.get({ id: secret.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(studio.caller(null).prediction.get({ id: secret.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await studio.caller(other).prediction.get({ id: forced.id })).isOwner).toBe(false);
    const mine = await studio.caller(owner).prediction.get({ id: secret.id });
    const media = mine.display.outputMedia[0]!;
    expect((await fetch(media.publicUrl)).status).toBe(404);
    const asOwner = await fetch(media.publicUrl, { headers: { cookie: await studio.cookieFor(owner) } });
    expect(asOwner.status).toBe(200);
    expect(asOwner.headers.get('cache-control')).toMatch(/^private/);
    const legacy = await fetch(`${studio.server.url}/api/unigen/${secret.id}`, { headers: { cookie: await studio.cookieFor(other) } });
    expect(legacy.status).toBe(404);
    expect((await studio.caller(other).prediction.list({})).items.map((p) => p.id)).not.toContain(secret.id);
  });
});

describe('cancel, delete, lists', () => {
  it('cancels a running generation and refunds it exactly once', async () => {
    const user = await studio.createUser({ credits: 20 });
    const submitted = await studio.caller(user).generation.submit({ model_id: 'flux-dev', prompt: 'to cancel' });
    expect(await studio.balance(user)).toBe(10);
    const canceled = await studio.caller(user).generation.cancel({ id: submitted.id });
    expect(canceled.user_credits).toBe(20);
    await expect(studio.caller(user).generation.cancel({ id: submitted.id })).rejects.toMatchObject({ message: 'This generation is no longer running.' });
    const prediction = await studio.caller(user).prediction.get({ id: submitted.id });
    expect(prediction).toMatchObject({ status: 'failed', error: 'Generation canceled.' });
    // By reason: the debit and the refund may carry the same millisecond.
    const ledger = await studio.db.creditLedgerEntry.findMany({ where: { generationId: submitted.id }, orderBy: { reason: 'asc' } });
    expect(ledger.map((r) => [r.reason, r.amount])).toEqual([['generation_debit', -10], ['generation_refund', 10]]);
    await runEngineOnce(studio.db);
    expect(await studio.balance(user)).toBe(20);
  });

  it('lists creations by type with a cursor, shows recent ones to premium users only, deletes without refund', async () => {
    const user = await studio.createUser({ credits: 100, premium: true });
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: `item ${i}` })).id);
    const page1 = await studio.caller(user).prediction.list({ limit: 2, type: 'image' });
    expect(page1.items.map((p) => p.id)).toEqual([ids[2], ids[1]]);
    const page2 = await studio.caller(user).prediction.list({ limit: 2, cursor: page1.nextCursor!, type: 'image' });
    expect(page2.items.map((p) => p.id)).toEqual([ids[0]]);
    expect((await studio.caller(user).prediction.list({ type: 'video' })).items).toEqual([]);
    expect((await studio.caller(user).prediction.recent({ limit: 6 })).map((p) => p.id)).toEqual([ids[2], ids[1], ids[0]]);
    const free = await studio.createUser({ credits: 1 });
    await expect(studio.caller(free).prediction.recent({ limit: 6 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const doomed = await finish(ids[0]!);
    const fileUrl = (doomed.outputs as { url: string }[])[0]!.url;
    expect((await fetch(fileUrl)).status).toBe(200);
    await studio.caller(user).prediction.delete({ id: ids[0]! });
    expect((await studio.caller(user).prediction.list({})).items.map((p) => p.id)).not.toContain(ids[0]);
    await expect(studio.caller(user).prediction.get({ id: ids[0]! })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // Its files are gone from storage, for everyone including the owner.
    expect((await fetch(fileUrl, { headers: { cookie: await studio.cookieFor(user) } })).status).toBe(404);
    expect(await studio.db.storedObject.count({ where: { generationId: ids[0]! } })).toBe(0);
    await expect(studio.caller(user).prediction.delete({ id: ids[0]! })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await studio.balance(user)).toBe(97);
  });
});

describe('maintenance', () => {
  it('refuses generate with the maintenance message when switched on by env', async () => {
    const user = await studio.createUser({ credits: 10 });
    process.env.MAINTENANCE_ENABLED = 'true';
    (await import('~/env')).resetEnvCache();
    try {
      await expect(studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'x' })).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: 'System is under maintenance. Expected downtime: 6 hours. Please try again later.',
      });
      await expect(studio.caller(null).generation.submit({ model_id: 'flux-schnell' })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect((await studio.caller(null).system.status()).maintenance.enabled).toBe(true);
    } finally {
      delete process.env.MAINTENANCE_ENABLED;
      (await import('~/env')).resetEnvCache();
    }
    expect(await studio.balance(user)).toBe(10);
  });
});
