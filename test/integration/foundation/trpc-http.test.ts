/**
 * The generation poll has a route of its own (/api/trpc/prediction.get: the same input schema,
 * service function and output schema as the procedure, tRPC's wire format), and hands every other
 * request to the tRPC route. Both are served here side by side, the tRPC route as Next serves it
 * (tRPC's public adapter), and every poll must get the same status, content type, body, Vary and
 * length from both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveRoutes, type RouteServer } from '@test/helpers/api-route-server';
import { startStudio, type Studio } from '@test/helpers/studio';

let studio: Studio;
let server: RouteServer;

beforeAll(async () => {
  // The catalogue's own queue waits (TIME_SCALE 1): a generation submitted here stays 'pending'
  // for the whole file, so the two requests of a comparison read the same state.
  studio = await startStudio({ env: { TIME_SCALE: '1' } });
  server = await serveRoutes({
    '/adapter/[trpc]': await import('~/pages/api/trpc/[trpc]'),
    '/poll/prediction.get': await import('~/pages/api/trpc/prediction.get'),
  });
});

afterAll(async () => {
  await server?.close();
  await studio?.stop();
});

type Answer = { status: number; contentType: string | null; body: string; headers: Headers };

async function ask(url: string, init: RequestInit): Promise<Answer> {
  const response = await fetch(url, init);
  return { status: response.status, contentType: response.headers.get('content-type'), body: await response.text(), headers: response.headers };
}

/**
 * A running job's time left counts down between the two requests, so it is compared as "a number
 * of seconds"; everything else byte for byte.
 */
const timeLeftAside = (body: string) => body.replace(/"etaSeconds":\d+/g, '"etaSeconds":<seconds>');

/** The same poll (the query string after prediction.get) to the tRPC route and the poll's route; they must answer alike. */
async function both(query: string, init: RequestInit = {}): Promise<Answer> {
  const adapter = await ask(`${server.url}/adapter/prediction.get${query}`, init);
  const poll = await ask(`${server.url}/poll/prediction.get${query}`, init);
  const view = (answer: Answer) => ({
    status: answer.status,
    contentType: answer.contentType,
    body: timeLeftAside(answer.body),
    vary: answer.headers.get('vary'),
    retryAfter: answer.headers.get('retry-after'),
  });
  expect(view(poll)).toEqual(view(adapter));
  return poll;
}

const batchOf = (input: unknown) => encodeURIComponent(JSON.stringify({ 0: { json: input } }));

describe('the generation poll’s own route', () => {
  it('answers a poll as the procedure does, whole and with its length', async () => {
    const user = await studio.createUser({ credits: 20 });
    const cookie = await studio.cookieFor(user);
    const { id } = await studio.caller(user).generation.submit({ model_id: 'flux-dev', prompt: 'compare' });
    const one = await both(`?batch=1&input=${batchOf({ id })}`, { headers: { cookie } });
    expect(one.status).toBe(200);
    expect(JSON.parse(one.body)).toMatchObject([{ result: { data: { json: { id, status: 'pending', isOwner: true } } } }]);
    expect(one.headers.get('content-length')).toBe(String(Buffer.byteLength(one.body)));

    // Someone else's public creation, and a signed-out viewer of it.
    const other = await studio.createUser({ credits: 20 });
    const seen = await both(`?batch=1&input=${batchOf({ id })}`, { headers: { cookie: await studio.cookieFor(other) } });
    expect(JSON.parse(seen.body)).toMatchObject([{ result: { data: { json: { id, isOwner: false } } } }]);
    await both(`?batch=1&input=${batchOf({ id })}`);

    // A finished generation's answer is cached and frozen: its JSON is made once, then reused.
    const done = await studio.caller(user).generation.submit({ model_id: 'flux-dev', prompt: 'finished' });
    await studio.db.generation.update({ where: { id: done.id }, data: { status: 'failed', error: 'It did not work.', completedAt: new Date() } });
    for (let i = 0; i < 3; i += 1) {
      const finished = await both(`?batch=1&input=${batchOf({ id: done.id })}`, { headers: { cookie } });
      expect(JSON.parse(finished.body)[0]).toMatchObject({ result: { data: { json: { id: done.id, status: 'failed', error: 'It did not work.' } } } });
    }
  });

  it('answers refusals as the procedure does: not found, another user’s private creation, bad input', async () => {
    const owner = await studio.createUser({ credits: 20, premium: true });
    const cookie = await studio.cookieFor(owner);
    const hidden = await studio.caller(owner).generation.submit({ model_id: 'flux-dev', prompt: 'private', is_public: false });
    const stranger = await studio.cookieFor(await studio.createUser({ credits: 20 }));

    const missing = await both(`?batch=1&input=${batchOf({ id: 'no-such-generation' })}`, { headers: { cookie } });
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)[0].error.json).toMatchObject({ message: 'Generation not found.', data: { code: 'NOT_FOUND', appCode: 'not_found' } });
    expect((await both(`?batch=1&input=${batchOf({ id: hidden.id })}`, { headers: { cookie: stranger } })).status).toBe(404);
    expect((await both(`?batch=1&input=${batchOf({ id: hidden.id })}`, { headers: { cookie } })).status).toBe(200);

    const invalid = await both(`?batch=1&input=${batchOf({ id: '' })}`, { headers: { cookie } });
    expect(invalid.status).toBe(400);
    expect(JSON.parse(invalid.body)[0].error.json.data.zodError).toBeTruthy();
  });

  it('leaves every other request to the tRPC route, with its answers', async () => {
    const user = await studio.createUser({ credits: 20 });
    const cookie = await studio.cookieFor(user);
    const { id } = await studio.caller(user).generation.submit({ model_id: 'flux-dev', prompt: 'other shapes' });
    // Not JSON; nested too deeply; two inputs in one batch; not batched; a POST.
    expect((await both(`?batch=1&input=%7Bnot-json`)).status).toBe(400);
    const deep = encodeURIComponent(`{"0":{"json":${'['.repeat(40)}${']'.repeat(40)}}}`);
    expect((await both(`?batch=1&input=${deep}`)).status).toBe(400);
    const two = encodeURIComponent(JSON.stringify({ 0: { json: { id } }, 1: { json: { id } } }));
    expect((await both(`?batch=1&input=${two}`, { headers: { cookie } })).status).toBe(200);
    const unbatched = await both(`?input=${encodeURIComponent(JSON.stringify({ json: { id } }))}`, { headers: { cookie } });
    expect(JSON.parse(unbatched.body)).toMatchObject({ result: { data: { json: { id } } } });
    expect((await both(`?batch=1`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).status).toBe(405);
  });
});
