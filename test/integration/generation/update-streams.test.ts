/**
 * prediction.onUpdate on its own route (src/server/http/update-stream-route.ts), served as the
 * production server serves it (its handler on a plain node:http server, before Next) and as Next
 * serves its pages/api file: tRPC's wire format, byte for byte as tRPC's adapter streams it; streams
 * end with their connection and leave nothing behind (1,000 opened and dropped: no watcher left in
 * the notifier, the heap back within 10 %); a push still arrives after they came and went.
 */
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import superjson from 'superjson';
import { serveRoutes, type RouteServer } from '@test/helpers/api-route-server';
import { listenOnLoopback, type LoopbackServer } from '@test/helpers/http';
import { runUntil, startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { openUpdateStream, openUpdateStreams } from '~/server/http/update-stream-route';
import { watcherCount } from '~/server/services/generation/update-notifier';

let studio: Studio;
let direct: LoopbackServer;
let next: RouteServer;

beforeAll(async () => {
  studio = await startStudio();
  // As server.mjs serves it: the handler first; what it leaves is answered 404 here (Next's, in production).
  direct = await listenOnLoopback((req, res) => {
    void openUpdateStream(req, res).then((opened) => {
      if (!opened) res.writeHead(404).end();
    });
  });
  next = await serveRoutes({
    '/api/trpc/[trpc]': await import('~/pages/api/trpc/[trpc]'),
    '/own/prediction.onUpdate': await import('~/pages/api/trpc/prediction.onUpdate'),
  });
});

afterAll(async () => {
  await direct?.close();
  await next?.close();
  await studio?.stop();
});

type Stream = { request: ClientRequest; response: IncomingMessage; text: () => string; waitFor: (pattern: RegExp) => Promise<string> };

/** Opens a stream (its own connection) and resolves once its first event has arrived. */
function openStream(url: string, cookie: string | null): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) } }, (response) => {
      let text = '';
      const waiters: Array<() => void> = [];
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        for (const wake of waiters.splice(0)) wake();
      });
      response.on('error', () => undefined);
      const stream: Stream = {
        request: req,
        response,
        text: () => text,
        waitFor: (pattern) =>
          new Promise((found) => {
            const check = () => {
              const match = pattern.exec(text);
              if (match) found(match[0]);
              else waiters.push(check);
            };
            check();
          }),
      };
      if (response.statusCode !== 200) {
        response.on('end', () => resolve(stream));
        return;
      }
      void stream.waitFor(/event: connected\n/).then(() => resolve(stream));
    });
    req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    req.end();
  });
}

const streamUrl = (base: string, input?: unknown) => `${base}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`}`;

/** Resolves once `done()` holds (checked every 10 ms), or after 20 s: the assertions after it then say what is left. */
async function until(done: () => boolean): Promise<void> {
  for (const giveUp = Date.now() + 20_000; !done() && Date.now() < giveUp; ) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** The predictions a stream's text carries, in order. */
function predictionsIn(text: string): Array<{ id: string; status: string }> {
  return [...text.matchAll(/^data: (\{"json":.*\})$/gm)].map((match) => superjson.deserialize(JSON.parse(match[1]!) as never));
}

describe('the update stream’s own route', () => {
  it('streams as tRPC’s adapter does, byte for byte, and leaves refusals to it', async () => {
    const owner = await studio.createUser({ credits: 20, premium: true });
    const cookie = await studio.cookieFor(owner);
    const own = await openStream(streamUrl(`${next.url}/own/prediction.onUpdate`), cookie);
    const adapter = await openStream(streamUrl(`${next.url}/api/trpc/prediction.onUpdate`), cookie);
    const submitted = await studio.caller(owner).generation.submit({ model_id: 'flux-schnell', prompt: 'streamed' });
    await runUntil(studio.db, submitted.id);
    await own.waitFor(/"status":"succeeded"/);
    await adapter.waitFor(/"status":"succeeded"/);
    expect(own.response.headers['content-type']).toBe(adapter.response.headers['content-type']);
    expect(own.response.headers['cache-control']).toBe(adapter.response.headers['cache-control']);
    // Progress events may fall differently on the two; the opening and the final event are the same text.
    const ending = (text: string) => text.slice(text.lastIndexOf('data: '));
    expect(own.text().split('\n\n\n')[0]).toBe(adapter.text().split('\n\n\n')[0]);
    expect(ending(own.text())).toBe(ending(adapter.text()));
    expect(predictionsIn(own.text()).at(-1)).toMatchObject({ id: submitted.id, status: 'succeeded' });
    own.request.destroy();
    adapter.request.destroy();

    // Signed out, and input the schema refuses: the adapter's own answers.
    const refusals = [streamUrl(''), streamUrl('', { ids: ['x'.repeat(65)] })];
    for (const query of refusals) {
      const mine = await fetch(`${next.url}/own/prediction.onUpdate${query}`, { headers: query ? { cookie } : {} });
      const theirs = await fetch(`${next.url}/api/trpc/prediction.onUpdate${query}`, { headers: query ? { cookie } : {} });
      expect(mine.status).toBe(theirs.status);
      expect(await mine.text()).toBe(await theirs.text());
    }
    // Both dropped streams ended under Next's API routes, the adapter's subscription too.
    await until(() => watcherCount() === 0);
    expect(watcherCount()).toBe(0);
  });

  it('follows only the ids asked for, and only the caller’s own', async () => {
    const owner = await studio.createUser({ credits: 20, premium: true });
    const other = await studio.createUser({ credits: 20, premium: true });
    const first = await studio.caller(owner).generation.submit({ model_id: 'flux-schnell', prompt: 'followed' });
    const followed = await openStream(streamUrl(direct.url, { ids: [first.id] }), await studio.cookieFor(owner));
    const stranger = await openStream(streamUrl(direct.url), await studio.cookieFor(other));
    const second = await studio.caller(owner).generation.submit({ model_id: 'flux-schnell', prompt: 'not followed' });
    await runUntil(studio.db, second.id);
    await runUntil(studio.db, first.id);
    await followed.waitFor(/"status":"succeeded"/);
    expect(new Set(predictionsIn(followed.text()).map((p) => p.id))).toEqual(new Set([first.id]));
    expect(predictionsIn(stranger.text())).toEqual([]);
    followed.request.destroy();
    stranger.request.destroy();
    await until(() => watcherCount() === 0);
  });

  it('ends 1,000 dropped streams: no watcher left, the heap back within 10 %, and a push still arrives', async () => {
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    // Closed sockets are released over the next turns of the event loop: collect after each of a few.
    const heapAfterCollecting = async () => {
      for (let i = 0; i < 5; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        collect();
      }
      return process.memoryUsage().heapUsed;
    };
    const users: StudioUser[] = [];
    for (let i = 0; i < 50; i += 1) users.push(await studio.createUser({ credits: 20, premium: true }));
    const cookies = await Promise.all(users.map((user) => studio.cookieFor(user)));
    const openAll = async (count: number) => {
      const streams: Stream[] = [];
      for (let i = 0; i < count; i += 50) streams.push(...(await Promise.all(cookies.slice(0, Math.min(50, count - i)).map((cookie) => openStream(streamUrl(direct.url), cookie)))));
      return streams;
    };
    const dropAll = async (streams: Stream[]) => {
      for (const stream of streams) stream.request.destroy();
      // The test's own references go too: what stays on the heap is what the server kept.
      streams.length = 0;
      await until(() => watcherCount() === 0 && openUpdateStreams() === 0);
    };
    // A first round loads and compiles every module on the way, so the measure sees only the streams.
    await dropAll(await openAll(100));
    const before = await heapAfterCollecting();

    const streams = await openAll(1_000);
    expect(openUpdateStreams()).toBe(1_000);
    expect(watcherCount()).toBe(1_000);
    await dropAll(streams);
    const after = await heapAfterCollecting();
    expect(watcherCount()).toBe(0);
    expect(openUpdateStreams()).toBe(0);
    expect(after).toBeLessThan(before * 1.1);

    const watcher = users[0]!;
    const stream = await openStream(streamUrl(direct.url), cookies[0]!);
    const submitted = await studio.caller(watcher).generation.submit({ model_id: 'flux-schnell', prompt: 'after the crowd' });
    await runUntil(studio.db, submitted.id);
    await stream.waitFor(/"status":"succeeded"/);
    expect(predictionsIn(stream.text()).at(-1)).toMatchObject({ id: submitted.id, status: 'succeeded' });
    stream.request.destroy();
    await until(() => watcherCount() === 0);
  });
});
