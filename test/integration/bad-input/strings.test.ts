/**
 * A NUL character or an unpaired surrogate in any string a caller sends is bad input: 400 with a
 * message naming the field, through tRPC (createCaller and HTTP) and the legacy REST adapters,
 * and nothing is charged or stored (PostgreSQL would refuse the text with a 500 otherwise).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { TEXT_NOT_STORABLE } from '~/catalogue';
import type { RouteServer } from '@test/helpers/api-route-server';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { serveTrpc, trpcMutation, trpcQuery } from './trpc-http';

const NUL = 'before\u0000after';
const LONE_SURROGATE = 'before\uD800after';
const BAD_STRINGS = [
  ['a NUL byte', NUL],
  ['an unpaired surrogate', LONE_SURROGATE],
] as const;

let studio: Studio;
let trpc: RouteServer;
let user: StudioUser;

beforeAll(async () => {
  studio = await startStudio();
  trpc = await serveTrpc();
  user = await studio.createUser({ credits: 50 });
});

afterAll(async () => {
  await trpc?.close();
  await studio?.stop();
});

async function nothingChanged() {
  expect(await studio.balance(user)).toBe(50);
  expect(await studio.db.generation.count({ where: { userId: user.id } })).toBe(0);
}

/** The zod issue a router schema raised, as createCaller surfaces it. */
async function routerRefusal(call: Promise<unknown>) {
  const error = (await call.then(
    () => null,
    (e: unknown) => e,
  )) as { code?: string; cause?: unknown } | null;
  expect(error?.code).toBe('BAD_REQUEST');
  expect(error?.cause).toBeInstanceOf(ZodError);
  return (error!.cause as ZodError).issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe.each(BAD_STRINGS)('%s', (_name, bad) => {
  it('in a prompt: 400 naming the prompt, through createCaller', async () => {
    await expect(studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: bad })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: `prompt: ${TEXT_NOT_STORABLE}`,
    });
    await expect(studio.caller(user).generation.check({ model_id: 'flux-schnell', prompt: bad })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await nothingChanged();
  });

  it('in the idempotency key, page id, app id, model id: 400 naming the field', async () => {
    const submit = studio.caller(user).generation.submit;
    expect(await routerRefusal(submit({ model_id: 'flux-schnell', prompt: 'ok', idempotency_key: `key-${bad}` }))).toEqual([['idempotency_key', TEXT_NOT_STORABLE]]);
    expect(await routerRefusal(submit({ model_id: 'flux-schnell', prompt: 'ok', pageId: bad }))).toEqual([['pageId', TEXT_NOT_STORABLE]]);
    expect(await routerRefusal(submit({ model_id: 'flux-schnell', prompt: 'ok', appId: bad }))).toEqual([['appId', TEXT_NOT_STORABLE]]);
    expect(await routerRefusal(submit({ model_id: bad, prompt: 'ok' }))).toEqual([['model_id', TEXT_NOT_STORABLE]]);
    await nothingChanged();
  });

  it('in a cursor or a generation id: 400 naming the field', async () => {
    expect(await routerRefusal(studio.caller(user).prediction.list({ cursor: bad }))).toEqual([['cursor', TEXT_NOT_STORABLE]]);
    expect(await routerRefusal(studio.caller(user).credits.history({ cursor: bad }))).toEqual([['cursor', TEXT_NOT_STORABLE]]);
    expect(await routerRefusal(studio.caller(user).prediction.get({ id: bad }))).toEqual([['id', TEXT_NOT_STORABLE]]);
    expect(await routerRefusal(studio.caller(user).prediction.delete({ id: bad }))).toEqual([['id', TEXT_NOT_STORABLE]]);
    expect(await routerRefusal(studio.caller(user).generation.cancel({ id: bad }))).toEqual([['id', TEXT_NOT_STORABLE]]);
  });

  it('in an input image URL: 400 naming the field', async () => {
    await expect(studio.caller(user).generation.submit({ model_id: 'upscaler', image_url: `https://example.test/${bad}.png` })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: `image_url: ${TEXT_NOT_STORABLE}`,
    });
    await nothingChanged();
  });
});

describe('over HTTP', () => {
  async function postJson(path: string, rawJson: string) {
    const response = await fetch(`${studio.server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: await studio.cookieFor(user), origin: studio.server.url }, body: rawJson });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  it('REST POST /api/unigen: 400 envelopes naming the field (JSON escapes \\u0000 and \\ud800 included)', async () => {
    expect(await postJson('/api/unigen', JSON.stringify({ model_id: 'flux-schnell', prompt: NUL }))).toEqual({
      status: 400,
      body: { success: false, data: null, message: `prompt: ${TEXT_NOT_STORABLE}`, error: 'validation_failed' },
    });
    expect(await postJson('/api/unigen', '{"model_id":"flux-schnell","prompt":"ok","idempotency_key":"key-\\ud800-12345"}')).toEqual({
      status: 400,
      body: { success: false, data: null, message: `idempotency_key: ${TEXT_NOT_STORABLE}`, error: 'validation_failed' },
    });
    expect(await postJson('/api/unigen/check', JSON.stringify({ model_id: 'flux-schnell', prompt: 'ok', pageId: LONE_SURROGATE }))).toEqual({
      status: 400,
      body: { success: false, data: null, message: `pageId: ${TEXT_NOT_STORABLE}`, error: 'validation_failed' },
    });
    await nothingChanged();
  });

  it('REST GET /api/unigen/{id}: 400 for an id with a NUL byte', async () => {
    const response = await fetch(`${studio.server.url}/api/unigen/abc%00def`, { headers: { cookie: await studio.cookieFor(user) } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, data: null, message: `id: ${TEXT_NOT_STORABLE}`, error: 'validation_failed' });
  });

  it('tRPC over HTTP: 400 BAD_REQUEST naming the field, for mutations and queries', async () => {
    const cookie = await studio.cookieFor(user);
    expect(await trpcMutation(trpc, 'generation.submit', JSON.stringify({ json: { model_id: 'flux-schnell', prompt: LONE_SURROGATE } }), cookie)).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      message: `prompt: ${TEXT_NOT_STORABLE}`,
    });
    expect(await trpcMutation(trpc, 'generation.submit', JSON.stringify({ json: { model_id: 'flux-schnell', prompt: 'ok', idempotency_key: `key-${NUL}` } }), cookie)).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      message: `idempotency_key: ${TEXT_NOT_STORABLE}`,
    });
    expect(await trpcQuery(trpc, 'prediction.list', JSON.stringify({ json: { cursor: NUL } }), cookie)).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      message: `cursor: ${TEXT_NOT_STORABLE}`,
    });
    await nothingChanged();
  });
});
