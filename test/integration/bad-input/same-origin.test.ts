/**
 * Cookie-authenticated requests that change something must come from our own pages. The REST
 * check compared only the Origin's host, with the Host header (which the client writes), and let a
 * request with no Origin at all through; tRPC mutations had no check. Now, on both: the Origin
 * must be NEXTAUTH_URL's origin exactly (scheme, host, port), and a request carrying the session
 * cookie with neither an Origin nor a same-origin Referer is refused (403). Requests without a
 * session pass as before; the webhooks, authenticated by signature, are not checked.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CROSS_SITE_REFUSALS } from '~/server/http/same-origin';
import type { RouteServer } from '@test/helpers/api-route-server';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { serveTrpc } from './trpc-http';

let studio: Studio;
let trpc: RouteServer;
let user: StudioUser;
let cookie: string;
let site: URL;

beforeAll(async () => {
  studio = await startStudio();
  trpc = await serveTrpc();
  user = await studio.createUser({ credits: 50 });
  cookie = await studio.cookieFor(user);
  site = new URL(studio.server.url);
});

afterAll(async () => {
  await trpc?.close();
  await studio?.stop();
});

type Answer = { status: number; body: unknown };

/** A raw POST (node:http, so the Host header is ours to write too). */
function post(base: string, path: string, body: string, headers: Record<string, string>): Promise<Answer> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const SUBMIT = JSON.stringify({ model_id: 'flux-schnell', prompt: 'from somewhere' });
const refusedEnvelope = (message: string) => ({ status: 403, body: { success: false, data: null, message, error: 'forbidden' } });

async function nothingHappened() {
  expect(await studio.balance(user)).toBe(50);
  expect(await studio.db.generation.count({ where: { userId: user.id } })).toBe(0);
}

/** Headers of requests that are refused now, each with the message it gets. */
const REFUSED: Array<[string, () => Record<string, string>, string]> = [
  ['an Origin with another scheme, same host and port', () => ({ origin: `https://${site.host}` }), CROSS_SITE_REFUSALS.crossOrigin],
  ['an Origin on another port', () => ({ origin: `http://${site.hostname}:1` }), CROSS_SITE_REFUSALS.crossOrigin],
  ['an Origin matching a forged Host header', () => ({ origin: 'http://evil.example', host: 'evil.example' }), CROSS_SITE_REFUSALS.crossOrigin],
  ['the opaque origin null', () => ({ origin: 'null' }), CROSS_SITE_REFUSALS.crossOrigin],
  ['neither Origin nor Referer', () => ({}), CROSS_SITE_REFUSALS.unknownOrigin],
  ['no Origin and a Referer from another site', () => ({ referer: 'http://evil.example/page' }), CROSS_SITE_REFUSALS.crossOrigin],
  ['no Origin and a Referer on another port', () => ({ referer: `http://${site.hostname}:1/create/flux-schnell` }), CROSS_SITE_REFUSALS.crossOrigin],
];

describe('REST POST with the session cookie', () => {
  it.each(REFUSED)('%s: 403, nothing charged', async (_name, headers, message) => {
    expect(await post(studio.server.url, '/api/unigen', SUBMIT, { cookie, ...headers() })).toEqual(refusedEnvelope(message));
    await nothingHappened();
  });

  it('from our origin, by Origin or by Referer alone: accepted', async () => {
    const other = await studio.createUser({ credits: 5 });
    const otherCookie = await studio.cookieFor(other);
    expect((await post(studio.server.url, '/api/unigen/check', SUBMIT, { cookie: otherCookie, origin: site.origin })).status).toBe(200);
    expect((await post(studio.server.url, '/api/unigen/check', SUBMIT, { cookie: otherCookie, referer: `${site.origin}/create/flux-schnell?x=1` })).status).toBe(200);
    expect((await post(studio.server.url, '/api/unigen', SUBMIT, { cookie: otherCookie, origin: site.origin })).status).toBe(200);
    expect(await studio.balance(other)).toBe(4);
  });

  it('without a session cookie, no Origin is needed (nothing ambient to abuse); a foreign Origin is still refused', async () => {
    expect(await post(studio.server.url, '/api/unigen/check', SUBMIT, {})).toEqual({
      status: 401,
      body: { success: false, data: null, message: 'Please sign in to continue.', error: 'unauthorized' },
    });
    expect(await post(studio.server.url, '/api/unigen/check', SUBMIT, { origin: 'http://evil.example' })).toEqual(refusedEnvelope(CROSS_SITE_REFUSALS.crossOrigin));
  });
});

describe('tRPC mutations over HTTP with the session cookie', () => {
  const body = JSON.stringify({ json: { model_id: 'flux-schnell', prompt: 'from somewhere' } });

  it.each(REFUSED)('%s: 403 FORBIDDEN, nothing charged', async (_name, headers, message) => {
    const answer = await post(trpc.url, '/api/trpc/generation.submit', body, { cookie, ...headers() });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: { json: { message, data: { code: 'FORBIDDEN', httpStatus: 403 } } } });
    await nothingHappened();
  });

  it('from our origin: accepted (batched, as the client sends it)', async () => {
    const other = await studio.createUser({ credits: 5 });
    const answer = await post(trpc.url, '/api/trpc/generation.submit?batch=1', JSON.stringify({ 0: { json: { model_id: 'flux-schnell', prompt: 'ours' } } }), {
      cookie: await studio.cookieFor(other),
      origin: site.origin,
    });
    expect(answer.status).toBe(200);
    expect(await studio.balance(other)).toBe(4);
  });

  it('queries (GET) are reads and need no Origin', async () => {
    const response = await fetch(`${trpc.url}/api/trpc/credits.balance`, { headers: { cookie } });
    expect(response.status).toBe(200);
  });
});

describe('routes authenticated by signature', () => {
  it('the provider webhooks are not checked: a foreign Origin gets the webhook’s own answer', async () => {
    expect(await post(studio.server.url, '/api/webhooks/replicate', '{}', { origin: 'http://evil.example', cookie })).toEqual({ status: 401, body: { ok: false, error: 'webhooks_not_configured' } });
  });
});
