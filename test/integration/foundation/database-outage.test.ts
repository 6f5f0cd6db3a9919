/**
 * Issue 11 item 19: while the database cannot be reached, database-backed routes answer 503 with
 * Retry-After (the legacy REST adapters, our storage and webhook routes, and tRPC), never a 500;
 * once it is back they answer as before.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from '~/env';
import { createDb, type Db } from '~/server/db/client';
import { startEphemeralDatabase } from '~/server/db/embedded';
import { stopServerRuntime } from '~/server/runtime';
import { createInnerContext } from '~/server/trpc/context';
import { createCaller } from '~/server/trpc/root';
import { serveRoutes, type RouteServer } from '@test/helpers/api-route-server';
import { CLOSED_PORT } from '@test/helpers/ports';
import { allApiRoutes, startStudio, type Studio, type StudioUser } from '@test/helpers/studio';

const OUTAGE = { success: false, data: null, message: 'The studio is briefly unavailable. Please try again in a moment.', error: 'database_unavailable' };

type DbHolder = { studioDb?: Promise<Db> };
const holder = globalThis as DbHolder;

let studio: Studio;
let trpcServer: RouteServer;
let user: StudioUser;
let generationId: string;

beforeAll(async () => {
  studio = await startStudio();
  trpcServer = await serveRoutes({ ...(await allApiRoutes()), '/api/trpc/[trpc]': await import('~/pages/api/trpc/[trpc]') });
  user = await studio.createUser({ credits: 5, premium: true });
  generationId = (await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'before the outage', credit_to_consume: 1 })).id;
});

afterAll(async () => {
  await trpcServer?.close();
  await studio?.stop();
});

async function legacy(path: string, init: RequestInit = {}) {
  const response = await fetch(`${trpcServer.url}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', cookie: await studio.cookieFor(user), origin: studio.server.url, ...(init.headers ?? {}) },
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as unknown };
}

const WEBHOOK_SECRET = `whsec_${Buffer.from('the outage test signs its own webhook').toString('base64')}`;

/** A correctly signed Replicate webhook (so it gets past verification and reaches the database). */
async function replicateWebhook(): Promise<{ status: number; retryAfter: string | null; body: unknown }> {
  const saved = process.env.REPLICATE_WEBHOOK_SECRET;
  process.env.REPLICATE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  resetEnvCache();
  try {
    const body = JSON.stringify({ id: 'pred-during-outage', status: 'succeeded', output: ['https://replicate.delivery/x.png'], error: null, logs: '' });
    const id = 'msg_outage';
    const timestamp = Math.floor(Date.now() / 1000);
    const key = Buffer.from(WEBHOOK_SECRET.slice('whsec_'.length), 'base64');
    const signature = `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
    const response = await fetch(`${trpcServer.url}/api/webhooks/replicate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature },
      body,
    });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as unknown };
  } finally {
    if (saved === undefined) delete process.env.REPLICATE_WEBHOOK_SECRET;
    else process.env.REPLICATE_WEBHOOK_SECRET = saved;
    resetEnvCache();
  }
}

async function expectOutageEverywhere(): Promise<void> {
  const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });
  for (const [path, init] of [
    ['/api/unigen', post({ model_id: 'flux-schnell', prompt: 'during the outage', credit_to_consume: 1 })],
    ['/api/unigen/check', post({ model_id: 'flux-schnell', prompt: 'during the outage' })],
    [`/api/unigen/${generationId}`, {}],
    ['/api/get-user-details', post({})],
    ['/api/get-signedurl', post({ contentType: 'image/png', remoteName: 'a.png', sourceSubfolder: 'uploads/2026-11-25', size: 10 })],
    [`/api/storage/${user.id}/uploads/2026-11-25/a.png`, {}],
  ] as const) {
    expect(await legacy(path, init), path).toEqual({ status: 503, retryAfter: '5', body: OUTAGE });
  }
  // A provider's webhook is told to come back later (it redelivers on a 5xx): nothing is lost.
  expect(await replicateWebhook()).toEqual({ status: 503, retryAfter: '5', body: { ok: false, error: 'try_again' } });
  // tRPC over HTTP through the real handler: a query and a mutation.
  const cookie = await studio.cookieFor(user);
  const query = await fetch(`${trpcServer.url}/api/trpc/prediction.get?input=${encodeURIComponent(JSON.stringify({ json: { id: generationId } }))}`, { headers: { cookie } });
  expect(query.status).toBe(503);
  expect(query.headers.get('retry-after')).toBe('5');
  expect(((await query.json()) as { error: { json: { message: string; data: { appCode: string } } } }).error.json).toMatchObject({
    message: OUTAGE.message,
    data: { appCode: 'database_unavailable', httpStatus: 503 },
  });
  const mutation = await fetch(`${trpcServer.url}/api/trpc/generation.submit`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: studio.server.url },
    body: JSON.stringify({ json: { model_id: 'flux-schnell', prompt: 'x', credit_to_consume: 1 } }),
  });
  expect(mutation.status).toBe(503);
  expect(mutation.headers.get('retry-after')).toBe('5');
  expect(trpcServer.errors).toEqual([]);
}

describe('a database that cannot be reached at all', () => {
  it('answers 503 with Retry-After from every database-backed route, then recovers', async () => {
    const saved = process.env.DATABASE_URL;
    await stopServerRuntime();
    process.env.DATABASE_URL = `postgresql://postgres@127.0.0.1:${CLOSED_PORT}/postgres`;
    resetEnvCache();
    delete holder.studioDb;
    try {
      await expectOutageEverywhere();
      // A caller on a database that went away: the same error through tRPC directly.
      const gone = createDb(process.env.DATABASE_URL!, { maxConnections: 1 });
      await expect(createCaller(createInnerContext({ db: gone, user })).prediction.get({ id: generationId })).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: OUTAGE.message,
      });
      await gone.$disconnect();
    } finally {
      process.env.DATABASE_URL = saved;
      resetEnvCache();
      holder.studioDb = Promise.resolve(studio.db);
    }
    expect((await legacy(`/api/unigen/${generationId}`)).status).toBe(200);
  });
});

describe('a database that stops while the app is running', () => {
  it('answers 503 with Retry-After once it is gone', async () => {
    // A throwaway database server of its own (whatever TEST_DATABASE_URL says), stopped mid-run.
    const throwaway = await startEphemeralDatabase();
    const db = createDb(throwaway.connectionString, { maxConnections: 1 });
    await stopServerRuntime();
    holder.studioDb = Promise.resolve(db);
    try {
      const other = await db.user.create({ data: { id: user.id, email: user.email } });
      expect((await legacy('/api/get-user-details', { method: 'POST', body: '{}' })).body).toMatchObject({ success: true, data: { id: other.id } });
      await throwaway.stop();
      await expectOutageEverywhere();
    } finally {
      await stopServerRuntime();
      await db.$disconnect().catch(() => undefined);
      holder.studioDb = Promise.resolve(studio.db);
    }
  });
});
