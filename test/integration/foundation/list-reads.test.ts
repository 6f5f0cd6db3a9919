/**
 * The list reads on routes of their own (src/server/http/list-query-routes.ts: a page of creations,
 * recent creations, the credit history) answer byte for byte what they answered before: for a fixed
 * database, each answer is compared with the procedure through tRPC's adapter, and with the answer
 * made the way the list was made before (whole rows read, each presented, superjson over the whole
 * output); the REST path (GET /api/v1/generations) with the same output as plain JSON. Refusals
 * (signed out, not premium, bad input) are the adapter's own. The same routes as the production server
 * answers them before Next give the same answers, and leave the rest to Next.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import superjson from 'superjson';
import { serveRoutes, type RouteServer } from '@test/helpers/api-route-server';
import { listenOnLoopback, type LoopbackServer } from '@test/helpers/http';
import { directListReads } from '~/server/http/list-query-routes';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { listOutput } from '~/server/routers/prediction/list.schema';
import { recentOutput } from '~/server/routers/prediction/recent.schema';
import { toPrediction } from '~/server/services/generation/present';

let studio: Studio;
let server: RouteServer;
/** The routes as the production server answers them before Next (direct-routes.ts); what they leave answers 404 here. */
let direct: LoopbackServer;
let owner: StudioUser;
let cookie: string;

const START = new Date('2026-03-01T10:00:00.000Z');

/** 40 creations of every kind the list shows, one minute apart, and one deleted. */
async function seed(who: StudioUser): Promise<void> {
  const rows = Array.from({ length: 40 }, (_, i) => {
    const at = new Date(START.getTime() + i * 60_000);
    const status = ['succeeded', 'failed', 'canceled', 'succeeded', 'queued'][i % 5]!;
    const video = i % 7 === 0;
    return {
      userId: who.id,
      modelId: video ? 'kling-1.6-multi' : 'flux-schnell',
      appId: video ? null : 'flux-schnell',
      mode: i % 3 === 0 ? 'pro' : null,
      appType: video ? 'video' : 'image',
      outputType: video ? 'video' : 'image',
      status,
      input: {
        prompt: `a "quoted" fox № ${i}\nin the snow ✨`,
        ...(i % 4 === 0 ? { image_url: `https://example.test/in/${i}.png`, mask_url: `data:image/png;base64,${'A'.repeat(2000)}` } : {}),
        ...(i % 6 === 0 ? { input_image_urls: [`https://example.test/a/${i}.png`, `https://example.test/b/${i}.png`] } : {}),
      },
      cost: 4 + i,
      outputNum: 1 + (i % 2),
      isPublic: i % 2 === 0,
      platform: 'local',
      providerTarget: 'flux-schnell',
      estimatedSeconds: 30,
      waitSeconds: i % 5 === 4 ? 86_400 : 0,
      dispatchAt: new Date(at.getTime() + (i % 5 === 4 ? 86_400_000 * 400 : 0)),
      // Queued ones held by a claim far ahead, as if another instance had them: the engine leaves them as they are.
      deadlineAt: new Date('2100-01-01T00:00:00.000Z'),
      claimedUntil: status === 'queued' ? new Date('2100-01-01T00:00:00.000Z') : null,
      error: status === 'failed' ? 'The model could not finish this job. Your credits have been refunded.' : null,
      outputText: i % 9 === 0 ? 'A caption, with "quotes".' : null,
      outputs:
        status === 'succeeded'
          ? [
              { key: `u/${who.id}/${i}.png`, url: `/api/storage/u/${who.id}/${i}.png`, contentType: video ? 'video/mp4' : 'image/png', thumbnailUrl: i % 2 ? `/api/storage/u/${who.id}/${i}.thumb.webp` : null },
              ...(i % 2 ? [{ key: `u/${who.id}/${i}-b.png`, url: `/api/storage/u/${who.id}/${i}-b.png`, contentType: 'image/png' }] : []),
            ]
          : undefined,
      createdAt: at,
      completedAt: status === 'queued' ? null : new Date(at.getTime() + 12_345),
      starred: i % 8 === 0,
      promptHidden: i % 10 === 0,
      deletedAt: i === 33 ? new Date(at.getTime() + 1000) : null,
    };
  });
  await studio.db.generation.createMany({ data: rows });
  for (let i = 0; i < 25; i += 1) await studio.db.creditLedgerEntry.create({ data: { userId: who.id, amount: i % 3 ? -4 : 100, balanceAfter: 1000 + i, reason: i % 3 ? 'generation' : 'admin_grant', note: i % 4 ? null : `note ${i}`, createdAt: new Date(START.getTime() + i * 1000) } });
}

beforeAll(async () => {
  studio = await startStudio();
  server = await serveRoutes({
    '/adapter/[trpc]': await import('~/pages/api/trpc/[trpc]'),
    '/own/prediction.list': await import('~/pages/api/trpc/prediction.list'),
    '/own/prediction.recent': await import('~/pages/api/trpc/prediction.recent'),
    '/own/credits.history': await import('~/pages/api/trpc/credits.history'),
    '/api/v1/[...path]': await import('~/pages/api/v1/[...path]'),
  });
  direct = await listenOnLoopback((req, res) => {
    const path = (req.url ?? '').split('?')[0]!.replace('/own/', '/api/trpc/') as keyof typeof directListReads;
    void directListReads[path](req, res).then((answered) => {
      if (!answered) res.writeHead(404).end();
    });
  });
  owner = await studio.createUser({ credits: 10, premium: true });
  cookie = await studio.cookieFor(owner);
  await seed(owner);
});

afterAll(async () => {
  await direct?.close();
  await server?.close();
  await studio?.stop();
});

const batchOf = (input: unknown) => encodeURIComponent(JSON.stringify({ 0: superjson.serialize(input) }));

type Answer = { status: number; contentType: string | null; vary: string | null; length: string | null; body: string };

async function ask(url: string, headers: Record<string, string>): Promise<Answer> {
  const response = await fetch(url, { headers });
  const body = await response.text();
  return { status: response.status, contentType: response.headers.get('content-type'), vary: response.headers.get('vary'), length: response.headers.get('content-length'), body };
}

/** A queued job's time left counts down between two reads; it is compared as "a number of seconds", everything else byte for byte. */
const steady = (body: string) => body.replace(/"etaSeconds":\d+/g, '"etaSeconds":<seconds>');

/** The same call to the query's own route and to tRPC's adapter: the same answer, byte for byte. */
async function both(path: string, input: unknown, headers: Record<string, string> = { cookie }): Promise<Answer> {
  const query = `?batch=1&input=${batchOf(input)}`;
  const adapter = await ask(`${server.url}/adapter/${path}${query}`, headers);
  const own = await ask(`${server.url}/own/${path}${query}`, headers);
  expect({ ...own, length: null, body: steady(own.body) }).toEqual({ ...adapter, length: null, body: steady(adapter.body) });
  // Before Next, a call it answers is the same answer; any other is left to Next (404 here).
  const early = await ask(`${direct.url}/own/${path}${query}`, { ...headers, 'accept-encoding': 'identity' });
  if (own.status === 200) expect({ ...early, length: null, body: steady(early.body) }).toEqual({ ...own, length: null, body: steady(own.body) });
  else expect(early.status).toBe(404);
  return own;
}

/** The page as the list made it before: whole rows, each presented, superjson over the whole output. */
async function pageBefore(where: Record<string, unknown>, limit: number, cursor?: string): Promise<ReturnType<typeof listOutput.parse>> {
  const rows = await studio.db.generation.findMany({
    where: { userId: owner.id, deletedAt: null, ...where },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
    ...(cursor ? { cursor: { id: cursor, userId: owner.id }, skip: 1 } : {}),
  });
  const items = rows.slice(0, limit);
  return listOutput.parse({
    items: items.map((row) => ({ ...toPrediction(row, owner.id), starred: row.starred, promptHidden: row.promptHidden })),
    nextCursor: rows.length > limit ? items.at(-1)!.id : null,
  });
}

const wire = (output: unknown) => `[{"result":{"data":${JSON.stringify(superjson.serialize(output))}}}]`;

describe('a page of creations on its own route', () => {
  it('answers page 1, its next page and its filtered forms byte for byte as before, through tRPC', async () => {
    const first = await pageBefore({}, 24);
    expect(first.items).toHaveLength(24);
    expect(first.nextCursor).not.toBeNull();
    const one = await both('prediction.list', { limit: 24 });
    expect(one.status).toBe(200);
    expect(steady(one.body)).toBe(steady(wire(first)));
    expect(one.length).toBe(String(Buffer.byteLength(one.body)));

    const second = await both('prediction.list', { limit: 24, cursor: first.nextCursor });
    expect(steady(second.body)).toBe(steady(wire(await pageBefore({}, 24, first.nextCursor!))));
    expect(JSON.parse(second.body)[0].result.data.json.items).toHaveLength(15);

    expect(steady((await both('prediction.list', { limit: 24, type: 'video' })).body)).toBe(steady(wire(await pageBefore({ outputType: 'video' }, 24))));
    expect(steady((await both('prediction.list', { limit: 10, status: 'failed' })).body)).toBe(steady(wire(await pageBefore({ status: { in: ['failed', 'canceled'] } }, 10))));
    expect(steady((await both('prediction.list', { limit: 5, modelId: 'flux-schnell' })).body)).toBe(steady(wire(await pageBefore({ modelId: 'flux-schnell' }, 5))));
    expect(steady((await both('prediction.list', { limit: 24, starred: true })).body)).toBe(steady(wire(await pageBefore({ starred: true }, 24))));
    expect((await both('prediction.list', { limit: 24, sort: 'oldest', q: 'fox' })).status).toBe(200);
  });

  it('gzips a large page before Next for a client that takes gzip, as Next would', async () => {
    const query = `?batch=1&input=${batchOf({ limit: 24 })}`;
    const plain = await ask(`${server.url}/own/prediction.list${query}`, { cookie });
    const zipped = await fetch(`${direct.url}/own/prediction.list${query}`, { headers: { cookie, 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    // fetch unzips: the same text.
    expect(steady(await zipped.text())).toBe(steady(plain.body));
  });

  it('answers the REST path (GET /api/v1/generations) with the same output as before', async () => {
    const response = await fetch(`${server.url}/api/v1/generations?limit=24`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(steady(await response.text())).toBe(steady(JSON.stringify(await pageBefore({}, 24))));
  });

  it('leaves refusals to the adapter: signed out, bad input, an unknown cursor', async () => {
    expect((await both('prediction.list', { limit: 24 }, {})).status).toBe(401);
    const bad = await both('prediction.list', { limit: 500 });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)[0].error.json.data.zodError).toBeTruthy();
    expect((await both('prediction.list', { limit: 24, modelId: 'no-such-model' })).status).toBe(400);
    const stranger = await studio.cookieFor(await studio.createUser());
    expect(JSON.parse((await both('prediction.list', { limit: 24 }, { cookie: stranger })).body)[0].result.data.json.items).toEqual([]);
  });
});

describe('recent creations and the credit history on their own routes', () => {
  it('answer byte for byte as before, through tRPC', async () => {
    const rows = await studio.db.generation.findMany({ where: { userId: owner.id, deletedAt: null }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 6 });
    const recent = await both('prediction.recent', { limit: 6 });
    expect(steady(recent.body)).toBe(steady(wire(recentOutput.parse(rows.map((row) => ({ ...toPrediction(row, owner.id), promptHidden: row.promptHidden }))))));

    const ledger = await studio.db.creditLedgerEntry.findMany({ where: { userId: owner.id }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 21 });
    const history = await both('credits.history', { limit: 20 });
    const items = ledger.slice(0, 20).map(({ id, amount, balanceAfter, reason, note, generationId, createdAt }) => ({ id, amount, balanceAfter, reason, note, generationId, createdAt }));
    expect(steady(history.body)).toBe(steady(wire({ items, nextCursor: items.at(-1)!.id })));
  });

  it('leave refusals to the adapter: recent creations need premium', async () => {
    const free = await studio.cookieFor(await studio.createUser());
    const refused = await both('prediction.recent', { limit: 6 }, { cookie: free });
    expect(refused.status).toBe(403);
    expect((await both('credits.history', { limit: 20 }, {})).status).toBe(401);
  });
});
