/**
 * A client that disconnects before its whole request body arrived was logged as a server error
 * ("[legacy-adapter] Error: aborted", a 500): it is logged as an abort, on the legacy REST routes,
 * the tRPC route and the storage PUT, and nothing is charged or stored. The server keeps answering.
 */
import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { RouteServer } from '@test/helpers/api-route-server';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { serveTrpc } from './trpc-http';

const ABORTED = 'aborted: the client closed the connection before its request body arrived';

let studio: Studio;
let trpc: RouteServer;
let user: StudioUser;
let cookie: string;
let info: MockInstance<typeof console.info>;
let error: MockInstance<typeof console.error>;

beforeAll(async () => {
  studio = await startStudio();
  trpc = await serveTrpc();
  user = await studio.createUser({ credits: 20 });
  cookie = await studio.cookieFor(user);
});

afterAll(async () => {
  await trpc?.close();
  await studio?.stop();
});

beforeEach(() => {
  info = vi.spyOn(console, 'info');
  error = vi.spyOn(console, 'error');
});

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Sends the head of a request announcing `declared` bytes and only the first bytes of the body,
 * then drops the connection once the server has taken them in (it answers nothing before that).
 */
function hangUpMidBody(base: string, method: string, path: string, headers: Record<string, string>, declared: number, sent: string): Promise<void> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      const head = [`${method} ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, `Content-Length: ${declared}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', ''].join('\r\n');
      socket.write(head + sent, () => setImmediate(() => socket.destroy()));
    });
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
}

async function loggedAsAbort(prefix: string) {
  await expect.poll(() => info.mock.calls.some((call) => call.join(' ') === `${prefix} ${ABORTED}`), { timeout: 10_000 }).toBe(true);
  expect(error.mock.calls.map((call) => call.map(String).join(' '))).toEqual([]);
}

describe('a client hanging up mid-body', () => {
  it('REST POST /api/unigen: logged as an abort, not an error; nothing charged', async () => {
    const headers = { 'content-type': 'application/json', cookie, origin: studio.server.url };
    await hangUpMidBody(studio.server.url, 'POST', '/api/unigen', headers, 4_000, '{"model_id":"flux-schnell","prompt":"half');
    await loggedAsAbort('[legacy-adapter]');
    expect(studio.server.errors).toEqual([]);
    expect(await studio.balance(user)).toBe(20);
    expect(await studio.db.generation.count({ where: { userId: user.id } })).toBe(0);
  });

  it('tRPC mutation: logged as an abort, not an error', async () => {
    const headers = { 'content-type': 'application/json', cookie, origin: studio.server.url };
    await hangUpMidBody(trpc.url, 'POST', '/api/trpc/generation.submit', headers, 4_000, '{"json":{"model_id":"flux-schnell","prompt":"half');
    await loggedAsAbort('[trpc]');
    expect(await studio.balance(user)).toBe(20);
  });

  it('storage PUT of an upload: logged as an abort, nothing stored; the link still works', async () => {
    const grant = await studio.caller(user).upload.signedUrl({ contentType: 'image/png', remoteName: 'half.png', sourceSubfolder: 'uploads/2026-11-25', size: 3_000 });
    const url = new URL(grant.signedUrl);
    await hangUpMidBody(studio.server.url, 'PUT', `${url.pathname}${url.search}`, { 'content-type': 'image/png' }, 3_000, '\x89PNG\r\n');
    await loggedAsAbort('[legacy-adapter]');
    const key = decodeURIComponent(url.pathname.replace('/api/storage/', ''));
    expect(await studio.db.storedObject.findUniqueOrThrow({ where: { key } })).toMatchObject({ unchecked: true });
  });

  it('the server keeps answering', async () => {
    const response = await fetch(`${studio.server.url}/api/unigen/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: studio.server.url },
      body: JSON.stringify({ model_id: 'flux-schnell', prompt: 'whole' }),
    });
    expect(response.status).toBe(200);
  });
});
