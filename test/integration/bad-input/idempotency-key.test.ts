/**
 * One idempotency key names one request. The same key with a different body used to answer 200
 * with the first job, silently; now it is 409 `idempotency_key_reused` with a clear message,
 * charging and recording nothing, through REST, tRPC (createCaller and HTTP) and the synchronous
 * tools, and also when the different bodies race. The same key with the same body (keys in
 * another order, a default spelled out) keeps answering with the first job, charged once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERRORS } from '~/server/errors';
import type { RouteServer } from '@test/helpers/api-route-server';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { serveTrpc, trpcMutation } from './trpc-http';

const REUSED = APP_ERRORS.idempotency_key_reused.message;
const REUSED_ENVELOPE = { success: false, data: null, message: REUSED, error: 'idempotency_key_reused' };

let studio: Studio;
let trpc: RouteServer;

beforeAll(async () => {
  studio = await startStudio();
  trpc = await serveTrpc();
});

afterAll(async () => {
  await trpc?.close();
  await studio?.stop();
});

async function post(user: StudioUser, path: string, body: unknown) {
  const response = await fetch(`${studio.server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: await studio.cookieFor(user), origin: studio.server.url },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { success: boolean; data: { id: string } | null } };
}

const rows = (user: StudioUser) => studio.db.generation.count({ where: { userId: user.id } });

describe('the same key with another body', () => {
  it('REST POST /api/unigen: 409 idempotency_key_reused, nothing charged or recorded; the same body still answers the first job', async () => {
    const user = await studio.createUser({ credits: 100 });
    const key = 'rest-key-0001';
    const first = await post(user, '/api/unigen', { model_id: 'flux-dev', prompt: 'a red fox', idempotency_key: key });
    expect(first.status).toBe(200);
    const id = first.body.data!.id;
    expect(await studio.balance(user)).toBe(90);

    for (const other of [
      { model_id: 'flux-dev', prompt: 'a blue fox', idempotency_key: key },
      { model_id: 'flux-schnell', prompt: 'a red fox', idempotency_key: key },
      { model_id: 'flux-dev', prompt: 'a red fox', num_outputs: 2, idempotency_key: key },
      { model_id: 'flux-dev', prompt: 'a red fox', appId: 'another-app', idempotency_key: key },
    ]) {
      expect(await post(user, '/api/unigen', other)).toEqual({ status: 409, body: REUSED_ENVELOPE });
    }
    expect(await studio.balance(user)).toBe(90);
    expect(await rows(user)).toBe(1);

    // A retry of the first request, however it is spelled, is still that request.
    const retry = await post(user, '/api/unigen', { idempotency_key: key, prompt: 'a red fox', num_outputs: 1, model_id: 'flux-dev' });
    expect(retry).toMatchObject({ status: 200, body: { success: true, data: { id } } });
    expect(await studio.balance(user)).toBe(90);
    expect(await rows(user)).toBe(1);
  });

  it('tRPC generation.submit through createCaller and over HTTP: CONFLICT with the message', async () => {
    const user = await studio.createUser({ credits: 100 });
    const key = 'trpc-key-0001';
    const first = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'one', idempotency_key: key });
    await expect(studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'two', idempotency_key: key })).rejects.toMatchObject({ code: 'CONFLICT', message: REUSED });
    const overHttp = await trpcMutation(trpc, 'generation.submit', JSON.stringify({ json: { model_id: 'flux-schnell', prompt: 'three', idempotency_key: key } }), await studio.cookieFor(user));
    expect(overHttp).toMatchObject({ status: 409, code: 'CONFLICT', message: REUSED });
    expect(overHttp.body).toMatchObject({ error: { json: { data: { appCode: 'idempotency_key_reused' } } } });
    expect((await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'one', idempotency_key: key })).id).toBe(first.id);
    expect(await studio.balance(user)).toBe(99);
    expect(await rows(user)).toBe(1);
  });

  it('the synchronous tools: 409, nothing charged', async () => {
    const user = await studio.createUser({ credits: 10 });
    const key = 'sync-key-0001';
    const image = await studio.upload(user);
    const first = await post(user, '/api/caption-image', { image_url: image, idempotency_key: key });
    expect(first.status).toBe(200);
    const balance = await studio.balance(user);
    const other = await studio.upload(user, { color: '#cc3366' });
    expect(await post(user, '/api/caption-image', { image_url: other, idempotency_key: key })).toEqual({ status: 409, body: REUSED_ENVELOPE });
    expect(await post(user, '/api/image2prompt', { image_url: image, idempotency_key: key })).toEqual({ status: 409, body: REUSED_ENVELOPE });
    await expect(studio.caller(user).generation.runSync({ model_id: 'image-caption', image_url: other, idempotency_key: key })).rejects.toMatchObject({ code: 'CONFLICT', message: REUSED });
    expect(await studio.balance(user)).toBe(balance);
    expect(await rows(user)).toBe(1);
  });

  it('different bodies racing on one key: one is recorded and charged, every other is 409', async () => {
    const user = await studio.createUser({ credits: 100 });
    const answers = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: `race ${i}`, idempotency_key: 'race-key-0001' })),
    );
    const recorded = answers.filter((a) => a.status === 'fulfilled');
    const refused = answers.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
    expect(recorded).toHaveLength(1);
    expect(refused.map((a) => (a.reason as { code: string; message: string }).message)).toEqual(Array(9).fill(REUSED));
    expect(await studio.balance(user)).toBe(99);
    expect(await rows(user)).toBe(1);
  });
});
