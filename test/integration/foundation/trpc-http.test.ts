/**
 * The tRPC endpoint answers batched GET queries itself (without tRPC's Fetch round trip) and
 * hands everything else to tRPC's Next adapter. Both are served here side by side on the same
 * router and context, and every request must get the same status, content type, body and onError
 * reports from both.
 */
import { createNextApiHandler } from '@trpc/server/adapters/next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '~/server/trpc/context';
import { createTrpcApiHandler } from '~/server/trpc/http-handler';
import { appRouter } from '~/server/trpc/root';
import { serveRoutes, type RouteServer } from '@test/helpers/api-route-server';
import { startStudio, type Studio } from '@test/helpers/studio';

let studio: Studio;
let server: RouteServer;
const reported: Record<'adapter' | 'fast', string[]> = { adapter: [], fast: [] };

const onErrorInto = (into: string[]) => ({ error, path, type }: { error: { code: string; message: string }; path: string | undefined; type: string }) => {
  into.push(`${type} ${path ?? '?'} ${error.code} ${error.message}`);
};

beforeAll(async () => {
  // The catalogue's own queue waits (TIME_SCALE 1): a generation submitted here stays 'pending'
  // for the whole file, so the two requests of a comparison read the same state. Under the test
  // scale a job went out ~0.6 s after its submit, and on a busy machine the adapter's answer
  // said 'pending' and the fast path's, asked next, 'processing' (CI, 2026-11-26).
  studio = await startStudio({ env: { TIME_SCALE: '1' } });
  server = await serveRoutes({
    '/adapter/[trpc]': createNextApiHandler({ router: appRouter, createContext, onError: onErrorInto(reported.adapter) }),
    '/fast/[trpc]': createTrpcApiHandler({ router: appRouter, createContext, onError: onErrorInto(reported.fast) }),
  });
});

afterAll(async () => {
  await server?.close();
  await studio?.stop();
});

type Answer = { status: number; contentType: string | null; body: string; headers: Headers };

async function ask(which: 'adapter' | 'fast', pathAndQuery: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(`${server.url}/${which}/${pathAndQuery}`, init);
  return { status: response.status, contentType: response.headers.get('content-type'), body: await response.text(), headers: response.headers };
}

/**
 * A running job's time left counts down between the two requests (the clock runs scaled in tests),
 * so it is compared as "a number of seconds"; everything else byte for byte.
 */
const timeLeftAside = (body: string) => body.replace(/"etaSeconds":\d+/g, '"etaSeconds":<seconds>');

/** The same request to both; they must answer alike. Returns the fast path's answer. */
async function both(pathAndQuery: string, init: RequestInit = {}): Promise<Answer> {
  reported.adapter.length = 0;
  reported.fast.length = 0;
  const adapter = await ask('adapter', pathAndQuery, init);
  const fast = await ask('fast', pathAndQuery, init);
  expect({ status: fast.status, contentType: fast.contentType, body: timeLeftAside(fast.body), vary: fast.headers.get('vary') }).toEqual({
    status: adapter.status,
    contentType: adapter.contentType,
    body: timeLeftAside(adapter.body),
    vary: adapter.headers.get('vary'),
  });
  expect(reported.fast).toEqual(reported.adapter);
  return fast;
}

const batchOf = (...inputs: unknown[]) => encodeURIComponent(JSON.stringify(Object.fromEntries(inputs.map((input, i) => [i, input === undefined ? undefined : { json: input }]))));

describe('tRPC over HTTP: batched GET queries', () => {
  it('answers the same as tRPC’s adapter, whole and with its length', async () => {
    const user = await studio.createUser({ credits: 20 });
    const cookie = await studio.cookieFor(user);
    const { id } = await studio.caller(user).generation.submit({ model_id: 'flux-dev', prompt: 'compare' });
    const one = await both(`prediction.get?batch=1&input=${batchOf({ id })}`, { headers: { cookie } });
    expect(one.status).toBe(200);
    expect(JSON.parse(one.body)).toMatchObject([{ result: { data: { json: { id, status: 'pending', isOwner: true } } } }]);
    expect(one.headers.get('content-length')).toBe(String(Buffer.byteLength(one.body)));

    const two = await both(`prediction.get,credits.balance?batch=1&input=${batchOf({ id }, undefined)}`, { headers: { cookie } });
    expect(JSON.parse(two.body)[1]).toEqual({ result: { data: { json: { credits: 10 } } } });
    const status = await both(`system.status?batch=1&input=${batchOf(undefined)}`);
    expect(status.status).toBe(200);

    // A finished generation's answer is cached and frozen: its JSON is made once, then reused.
    const done = await studio.caller(user).generation.submit({ model_id: 'flux-dev', prompt: 'finished' });
    await studio.db.generation.update({ where: { id: done.id }, data: { status: 'failed', error: 'It did not work.', completedAt: new Date() } });
    for (let i = 0; i < 2; i += 1) {
      const finished = await both(`prediction.get,credits.balance?batch=1&input=${batchOf({ id: done.id }, undefined)}`, { headers: { cookie } });
      expect(JSON.parse(finished.body)[0]).toMatchObject({ result: { data: { json: { id: done.id, status: 'failed', error: 'It did not work.' } } } });
    }
  });

  it('answers errors the same: not found, mixed batches, bad input, signed out', async () => {
    const user = await studio.createUser({ credits: 20 });
    const cookie = await studio.cookieFor(user);
    const { id } = await studio.caller(user).generation.submit({ model_id: 'flux-dev', prompt: 'errors' });
    const missing = await both(`prediction.get?batch=1&input=${batchOf({ id: 'no-such-generation' })}`, { headers: { cookie } });
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)[0].error.json).toMatchObject({ message: 'Generation not found.', data: { code: 'NOT_FOUND', appCode: 'not_found' } });
    expect((await both(`prediction.get,prediction.get?batch=1&input=${batchOf({ id }, { id: 'no-such-generation' })}`, { headers: { cookie } })).status).toBe(207);
    const invalid = await both(`prediction.get?batch=1&input=${batchOf({ id: '' })}`, { headers: { cookie } });
    expect(invalid.status).toBe(400);
    expect(JSON.parse(invalid.body)[0].error.json.data.zodError).toBeTruthy();
    expect((await both(`credits.balance?batch=1&input=${batchOf(undefined)}`)).status).toBe(401);
  });

  it('leaves everything else to the adapter, with its answers', async () => {
    expect((await both(`generation.submit?batch=1&input=${batchOf({ model_id: 'flux-dev' })}`)).status).toBe(405);
    expect((await both(`prediction.get?batch=1&input=%7Bnot-json`)).status).toBe(400);
    expect((await both(`no.such.path?batch=1&input=${batchOf(undefined)}`)).status).toBe(404);
    expect((await both(`system.status`)).status).toBe(200);
  });
});
