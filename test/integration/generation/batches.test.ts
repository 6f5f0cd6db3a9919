/**
 * Batches (issue 38): many generations of one form admitted, checked and paid in one go through the
 * submit door, all or nothing; one batch per key however often it is sent; a cancel that refunds
 * every item not yet started, once; bad input refused whole with nothing charged; the legacy
 * envelope's routes and /api/v1's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteServer } from '@test/helpers/api-route-server';
import { photo } from '@test/helpers/photos';
import { unzip } from '@test/helpers/zip';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { resetEnvCache } from '~/env';
import { runToCompletion, stopEngine } from '~/server/services/generation/engine';
import { bearer, send, serveApi } from '../api/api-server';

let studio: Studio;
let api: RouteServer;

beforeAll(async () => {
  // The verdict of the face check is what is tested, not this machine's speed.
  studio = await startStudio({ env: { FACE_CHECK_SECONDS: '120', API_RATE_LIMIT_FREE: '1000' } });
  api = await serveApi();
});

afterAll(async () => {
  await api?.close();
  await studio?.stop();
});

const prompts = (n: number) => Array.from({ length: n }, (_, i) => `a lighthouse, study ${i + 1}`);

async function nothingCharged(user: StudioUser, credits: number) {
  expect(await studio.balance(user)).toBe(credits);
  expect(await studio.db.generation.count({ where: { userId: user.id } })).toBe(0);
  expect(await studio.db.generationBatch.count({ where: { userId: user.id } })).toBe(0);
}

async function ledgerSum(user: StudioUser): Promise<number> {
  const { _sum } = await studio.db.creditLedgerEntry.aggregate({ where: { userId: user.id }, _sum: { amount: true } });
  return _sum.amount ?? 0;
}

describe('all or nothing', () => {
  it('credits for 9 items and a batch of 10: refused whole (402 with the total), balance unchanged', async () => {
    const user = await studio.createUser({ credits: 9 });
    await expect(studio.caller(user).generation.submitBatch({ model_id: 'flux-schnell', prompts: prompts(5), variations: 2 })).rejects.toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message: 'This batch needs 10 credits, but you only have 9.',
    });
    await nothingCharged(user, 9);
  });

  it('a batch of 3 prompts × 2 variations: 6 generations, each with its own debit, linked to the batch, seeds in a row', async () => {
    const user = await studio.createUser({ credits: 10 });
    const answer = await studio.caller(user).generation.submitBatch({ model_id: 'flux-schnell', prompts: ['a fox', ' ', 'an owl', 'a hare'], variations: 2, seed: 41 });
    expect(answer.ids).toHaveLength(6);
    expect(answer.user_credits).toBe(4);
    const rows = await studio.db.generation.findMany({ where: { batchId: answer.batch_id }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    expect(rows.map((row) => row.id)).toEqual(answer.ids);
    expect(rows.map((row) => [(row.input as { prompt: string }).prompt, (row.input as { seed: number }).seed])).toEqual([
      ['a fox', 41], ['a fox', 42], ['an owl', 41], ['an owl', 42], ['a hare', 41], ['a hare', 42],
    ]);
    const debits = await studio.db.creditLedgerEntry.findMany({ where: { userId: user.id, reason: 'generation_debit' }, orderBy: { balanceAfter: 'desc' } });
    expect(debits.map((entry) => [entry.generationId, entry.amount, entry.balanceAfter])).toEqual(answer.ids.map((id, i) => [id, -1, 9 - i]));
    expect(await ledgerSum(user)).toBe(await studio.balance(user));
    const read = await studio.caller(user).generation.batch({ id: answer.batch_id });
    expect(read).toMatchObject({ id: answer.batch_id, modelId: 'flux-schnell', prompts: 3, variations: 2, itemCount: 6, cost: 6, state: 'running', done: 0, itemIds: answer.ids });
    expect(read.items.map((item) => item.display.prompt)).toEqual(['a fox', 'a fox', 'an owl', 'an owl', 'a hare', 'a hare']);
    // Nobody else reads it.
    const other = await studio.createUser();
    await expect(studio.caller(other).generation.batch({ id: answer.batch_id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Batch not found.' });
  });

  it('maintenance, a refused image address and a photo without a face refuse the whole batch before any charge', async () => {
    const user = await studio.createUser({ credits: 100 });
    process.env.MAINTENANCE_ENABLED = 'true';
    resetEnvCache();
    try {
      await expect(studio.caller(user).generation.submitBatch({ model_id: 'flux-schnell', prompts: prompts(3), variations: 1 })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      delete process.env.MAINTENANCE_ENABLED;
      resetEnvCache();
    }
    await expect(studio.caller(user).generation.submitBatch({ model_id: 'flux-dev', image_url: 'http://10.0.0.8/cat.png', prompts: prompts(3), variations: 2 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This image address cannot be loaded.',
    });
    const signed = await studio.caller(user).upload.signedUrl({ contentType: 'image/jpeg', remoteName: 'cat.jpg', sourceSubfolder: 'uploads/2026-11-28', size: photo('chelsea').length });
    await fetch(signed.signedUrl, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: new Uint8Array(photo('chelsea')) });
    await expect(studio.caller(user).generation.submitBatch({ model_id: 'pulid', image_url: signed.publicUrl, prompts: prompts(2), variations: 2 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'We could not find a face in this photo. Choose a photo where one face is clearly visible.',
    });
    await nothingCharged(user, 100);
  });
});

describe('bad input: a clear 400, nothing charged', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['51 prompts', { prompts: prompts(51), variations: 1 }, 'A batch takes at most 50 prompts, one per line.'],
    ['empty lines only', { prompts: ['', '   ', '\t'], variations: 1 }, 'Write at least one prompt, one per line.'],
    ['17 variations', { prompts: prompts(2), variations: 17 }, 'Variations must be a whole number from 1 to 16.'],
    ['0 variations', { prompts: prompts(2), variations: 0 }, 'Variations must be a whole number from 1 to 16.'],
    ['a prompt over the model’s limit', { prompts: ['a fox', 'x'.repeat(2001), 'an owl'], variations: 1 }, 'Prompt 2: Prompt must be at most 2,000 characters.'],
    ['a model without a prompt', { model_id: 'remove-background', image_url: 'https://example.com/a.png', prompts: ['a fox'], variations: 1 }, 'This model takes no prompt, so it cannot run as a batch.'],
  ];
  it.each(cases)('%s', async (_name, body, message) => {
    const user = await studio.createUser({ credits: 5000 });
    await expect(studio.caller(user).generation.submitBatch({ model_id: 'flux-schnell', ...body } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST', message });
    await nothingCharged(user, 5000);
  });

  it('over the legacy route: 400 in the envelope, the item named', async () => {
    const user = await studio.createUser({ credits: 50 });
    const answer = await send(`${studio.server.url}/api/unigen/batch`, {
      headers: { cookie: await studio.cookieFor(user), origin: studio.server.url },
      body: { model_id: 'flux-schnell', prompts: ['a fox', 'an owl', 'y'.repeat(2001)], variations: 1 },
    });
    expect(answer).toMatchObject({ status: 400, body: { success: false, data: null, message: 'Prompt 3: Prompt must be at most 2,000 characters.', error: 'validation_failed' } });
    await nothingCharged(user, 50);
  });
});

describe('idempotent as a whole', () => {
  it('the same batch key sent 20 times in parallel makes one batch and one charge', async () => {
    const user = await studio.createUser({ credits: 100 });
    const request = { model_id: 'flux-schnell', prompts: prompts(4), variations: 3, idempotency_key: 'batch-key-000001' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => studio.caller(user).generation.submitBatch(request)));
    expect(new Set(answers.map((answer) => answer.batch_id)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.ids.join(','))).size).toBe(1);
    expect(await studio.db.generationBatch.count({ where: { userId: user.id } })).toBe(1);
    expect(await studio.db.generation.count({ where: { userId: user.id } })).toBe(12);
    expect(await studio.db.creditLedgerEntry.count({ where: { userId: user.id, reason: 'generation_debit' } })).toBe(12);
    expect(await studio.balance(user)).toBe(88);
    // The key names that request only.
    await expect(studio.caller(user).generation.submitBatch({ ...request, variations: 2 })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await studio.balance(user)).toBe(88);
  });
});

describe('cancel', () => {
  it('mid-batch: the refunds equal the unstarted items, once; the ledger sum equals the balance', async () => {
    const user = await studio.createUser({ credits: 20 });
    const { batch_id, ids } = await studio.caller(user).generation.submitBatch({ model_id: 'flux-schnell', prompts: prompts(3), variations: 2 });
    // The dispatch timers stopped: the items wait in the database, and two are run to their end here.
    await stopEngine();
    for (const id of ids.slice(0, 2)) await runToCompletion(studio.db, id);
    expect(await studio.db.generation.count({ where: { batchId: batch_id, status: 'succeeded' } })).toBe(2);
    expect((await studio.caller(user).generation.batch({ id: batch_id })).done).toBe(2);
    const canceled = await studio.caller(user).generation.cancelBatch({ id: batch_id });
    expect(canceled).toMatchObject({ state: 'canceled', done: 6, succeeded: 2, failed: 4 });
    expect(canceled.items.slice(2).every((item) => item.status === 'failed' && item.error === 'Generation canceled.')).toBe(true);
    await studio.caller(user).generation.cancelBatch({ id: batch_id });
    const refunds = await studio.db.creditLedgerEntry.findMany({ where: { userId: user.id, reason: 'generation_refund' } });
    expect(refunds.map((entry) => entry.generationId).sort()).toEqual(ids.slice(2).sort());
    expect(refunds.reduce((sum, entry) => sum + entry.amount, 0)).toBe(4);
    expect(await studio.balance(user)).toBe(18);
    expect(await ledgerSum(user)).toBe(18);
  });
});

describe('the legacy envelope and /api/v1', () => {
  it('POST /api/unigen/batch, GET /api/unigen/batch/{id}, POST /api/unigen/batch/{id}/cancel', async () => {
    const user = await studio.createUser({ credits: 10 });
    const headers = { cookie: await studio.cookieFor(user), origin: studio.server.url };
    const submitted = await send(`${studio.server.url}/api/unigen/batch`, { headers, body: { model_id: 'flux-schnell', prompts: ['a fox', 'an owl'], variations: 2, idempotency_key: 'legacy-batch-0001' } });
    expect(submitted.status).toBe(200);
    const data = submitted.body.data as { batch_id: string; ids: string[]; user_credits: number };
    expect(submitted.body).toMatchObject({ success: true, message: null, error: null });
    expect(Object.keys(data).sort()).toEqual(['batch_id', 'ids', 'user_credits']);
    expect(data.ids).toHaveLength(4);
    expect(data.user_credits).toBe(6);
    const again = await send(`${studio.server.url}/api/unigen/batch`, { headers, body: { model_id: 'flux-schnell', prompts: ['a fox', 'an owl'], variations: 2, idempotency_key: 'legacy-batch-0001' } });
    expect(again.body.data).toEqual({ ...data, user_credits: 6 });
    const read = await send(`${studio.server.url}/api/unigen/batch/${data.batch_id}`, { headers: { cookie: headers.cookie } });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id: data.batch_id, itemCount: 4, itemIds: data.ids });
    expect((read.body.data as { items: unknown[] }).items).toHaveLength(4);
    await stopEngine();
    const canceled = await send(`${studio.server.url}/api/unigen/batch/${data.batch_id}/cancel`, { headers, body: {} });
    expect(canceled.status).toBe(200);
    expect(canceled.body.data).toMatchObject({ id: data.batch_id, state: 'canceled' });
    expect(await studio.balance(user)).toBe(10 - 4 + (canceled.body.data as { failed: number }).failed);
    const missing = await send(`${studio.server.url}/api/unigen/batch/nope`, { headers: { cookie: headers.cookie } });
    expect(missing).toMatchObject({ status: 404, body: { success: false, message: 'Batch not found.' } });
  });

  it('/api/v1/batches with a key: submit (Idempotency-Key header), list, read and cancel; /batches/{id} is not taken for another path', async () => {
    const user = await studio.createUser({ credits: 10 });
    const { secret } = await studio.caller(user).keys.create({ name: 'batches', scopes: ['generate', 'read'] });
    const submitted = await send(`${api.url}/api/v1/batches`, { headers: { ...bearer(secret), 'idempotency-key': 'v1-batch-key-0001' }, body: { model_id: 'flux-schnell', prompts: ['a fox'], variations: 3 } });
    expect(submitted.status).toBe(200);
    const { batch_id, ids } = submitted.body as { batch_id: string; ids: string[] };
    expect(ids).toHaveLength(3);
    const replay = await send(`${api.url}/api/v1/batches`, { headers: { ...bearer(secret), 'idempotency-key': 'v1-batch-key-0001' }, body: { model_id: 'flux-schnell', prompts: ['a fox'], variations: 3 } });
    expect(replay.body).toMatchObject({ batch_id, ids });
    const list = await send(`${api.url}/api/v1/batches`, { headers: bearer(secret) });
    expect(list.status).toBe(200);
    expect((list.body.items as { id: string }[]).map((batch) => batch.id)).toEqual([batch_id]);
    const read = await send(`${api.url}/api/v1/batches/${batch_id}`, { headers: bearer(secret) });
    expect(read).toMatchObject({ status: 200, body: { id: batch_id, itemCount: 3 } });
    const generation = await send(`${api.url}/api/v1/generations/${ids[0]}`, { headers: bearer(secret) });
    expect(generation).toMatchObject({ status: 200, body: { id: ids[0] } });
    await stopEngine();
    const canceled = await send(`${api.url}/api/v1/batches/${batch_id}/cancel`, { headers: bearer(secret), body: {} });
    expect(canceled).toMatchObject({ status: 200, body: { id: batch_id, state: 'canceled' } });
    expect(await studio.balance(user)).toBe(7 + (canceled.body as { failed: number }).failed);
  });

  it('a key\'s monthly cap bounds the whole batch: over it, 402 and nothing charged', async () => {
    const user = await studio.createUser({ credits: 50 });
    const { secret } = await studio.caller(user).keys.create({ name: 'capped', scopes: ['generate', 'read'], monthlyCreditCap: 3 });
    const refused = await send(`${api.url}/api/v1/batches`, { headers: bearer(secret), body: { model_id: 'flux-schnell', prompts: ['a fox', 'an owl'], variations: 2 } });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ message: 'This API key has reached its monthly credit cap. Raise the cap or wait for next month.' });
    await nothingCharged(user, 50);
    const fits = await send(`${api.url}/api/v1/batches`, { headers: bearer(secret), body: { model_id: 'flux-schnell', prompts: ['a fox'], variations: 3 } });
    expect(fits.status).toBe(200);
    expect(await studio.balance(user)).toBe(47);
  });
});

describe('download all', () => {
  it('GET /api/creations/archive?batch=<id>: one ZIP of the batch\'s results, in order, for its owner only', async () => {
    const user = await studio.createUser({ credits: 10 });
    const { batch_id, ids } = await studio.caller(user).generation.submitBatch({ model_id: 'flux-schnell', prompts: ['a fox', 'an owl'], variations: 1 });
    await stopEngine();
    for (const id of ids) await runToCompletion(studio.db, id);
    const response = await fetch(`${studio.server.url}/api/creations/archive?batch=${batch_id}`, { headers: { cookie: await studio.cookieFor(user) } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="batch-${batch_id}.zip"`);
    const entries = unzip(Buffer.from(await response.arrayBuffer()));
    expect(entries.map((entry) => entry.name)).toEqual(ids.map((id, i) => `0${i + 1}-flux-schnell-${id}-1.jpg`));
    expect(entries.every((entry) => entry.data.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])))).toBe(true);
    const other = await studio.createUser();
    const refused = await fetch(`${studio.server.url}/api/creations/archive?batch=${batch_id}`, { headers: { cookie: await studio.cookieFor(other) } });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ success: false, message: 'Batch not found.' });
  });
});
