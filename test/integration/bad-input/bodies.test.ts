/**
 * Request bodies the server will not take: JSON nested deeper than a sane limit answers 400 (it
 * used to overflow the stack: a 500 on tRPC mutations), and a chunked body over the size cap
 * answers 413 that the client can read (the connection used to drop), on the legacy REST adapters,
 * the provider webhooks and the tRPC handler alike. Nothing is charged or stored.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '~/server/http/json-depth';
import type { RouteServer } from '@test/helpers/api-route-server';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { serveTrpc, trpcMutation, trpcQuery } from './trpc-http';

const TOO_DEEP = `The JSON is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`;

let studio: Studio;
let trpc: RouteServer;
let user: StudioUser;
let cookie: string;

beforeAll(async () => {
  studio = await startStudio();
  trpc = await serveTrpc();
  user = await studio.createUser({ credits: 50 });
  cookie = await studio.cookieFor(user);
});

afterAll(async () => {
  await trpc?.close();
  await studio?.stop();
});

async function nothingChanged() {
  expect(await studio.balance(user)).toBe(50);
  expect(await studio.db.generation.count({ where: { userId: user.id } })).toBe(0);
}

/** `{"model_id":"flux-schnell","prompt":"x","extra":[[[…]]]}` with the extra value `depth` arrays deep. */
function deepRequest(depth: number, wrapInJson = false): string {
  const body = `{"model_id":"flux-schnell","prompt":"x","extra":${'['.repeat(depth)}${']'.repeat(depth)}}`;
  return wrapInJson ? `{"json":${body}}` : body;
}

type RawAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/**
 * POSTs `chunks` with Transfer-Encoding: chunked (no Content-Length), one chunk at a time, and
 * resolves with the server's answer; rejects if the connection drops before an answer arrives.
 */
function postChunked(url: string, chunks: Buffer[], headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { ...headers, 'transfer-encoding': 'chunked' } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    let index = 0;
    const writeNext = (): void => {
      if (req.destroyed) return;
      if (index >= chunks.length) {
        req.end();
        return;
      }
      const chunk = chunks[index++]!;
      if (req.write(chunk)) setImmediate(writeNext);
      else req.once('drain', writeNext);
    };
    writeNext();
  });
}

const jsonChunks = (totalBytes: number, chunkBytes = 16 * 1024): Buffer[] => {
  const text = `{"model_id":"flux-schnell","prompt":"x","padding":"${'p'.repeat(totalBytes)}"}`;
  const chunks: Buffer[] = [];
  for (let i = 0; i < text.length; i += chunkBytes) chunks.push(Buffer.from(text.slice(i, i + chunkBytes)));
  return chunks;
};

describe('JSON nested too deeply', () => {
  it.each([100, 100_000])('REST POST /api/unigen, %i levels: 400 with the limit named', async (depth) => {
    const response = await fetch(`${studio.server.url}/api/unigen`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, origin: studio.server.url }, body: deepRequest(depth) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, data: null, message: TOO_DEEP, error: 'bad_request' });
    await nothingChanged();
  });

  it.each([100, 100_000])('tRPC mutation, %i levels: 400 BAD_REQUEST with the limit named', async (depth) => {
    expect(await trpcMutation(trpc, 'generation.submit', deepRequest(depth, true), cookie)).toMatchObject({ status: 400, code: 'BAD_REQUEST', message: TOO_DEEP });
    await nothingChanged();
  });

  it('tRPC query input nested too deeply: 400 BAD_REQUEST', async () => {
    const deepCursor = `{"json":{"cursor":"x","extra":${'['.repeat(2000)}${']'.repeat(2000)}}}`;
    expect(await trpcQuery(trpc, 'prediction.list', deepCursor, cookie)).toMatchObject({ status: 400, code: 'BAD_REQUEST', message: TOO_DEEP });
  });

  it('still takes ordinary nesting and strings full of brackets', async () => {
    const brackets = '[{'.repeat(500);
    const response = await fetch(`${studio.server.url}/api/unigen/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: studio.server.url },
      body: JSON.stringify({ model_id: 'flux-schnell', prompt: brackets, extra: [[[[{ a: [1] }]]]] }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true });
  });
});

describe('chunked bodies over the size cap', () => {
  it('REST POST /api/unigen: 413 the client can read', async () => {
    const answer = await postChunked(`${studio.server.url}/api/unigen`, jsonChunks(1024 * 1024), { 'content-type': 'application/json', cookie, origin: studio.server.url });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ success: false, data: null, message: 'The request body is too large.', error: 'payload_too_large' });
    await nothingChanged();
  });

  it('tRPC mutation: 413 PAYLOAD_TOO_LARGE the client can read', async () => {
    const chunks = jsonChunks(3 * 1024 * 1024);
    chunks.unshift(Buffer.from('{"json":'));
    chunks.push(Buffer.from('}'));
    const answer = await postChunked(`${trpc.url}/api/trpc/generation.submit`, chunks, { 'content-type': 'application/json', cookie, origin: studio.server.url });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { json: { message: 'The request body is too large.', data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 } } } });
    await nothingChanged();
  });

  it('provider webhook: 413 the provider can read', async () => {
    const answer = await postChunked(`${studio.server.url}/api/webhooks/replicate`, jsonChunks(2 * 1024 * 1024), { 'content-type': 'application/json' });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ ok: false, error: 'bad_body' });
  });

  it('the server keeps answering afterwards', async () => {
    const response = await fetch(`${studio.server.url}/api/unigen/check`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, origin: studio.server.url }, body: JSON.stringify({ model_id: 'flux-schnell', prompt: 'ok' }) });
    expect(response.status).toBe(200);
  });
});
