/**
 * The one guarded fetch on its own, against a loopback server reached through fake host names: every
 * redirect hop vetted, the vetted address pinned, size and time capped, one test switch (refused in
 * production), and the image proxy and the output copy obeying the same host rules through it.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from '~/env';
import { safeFetch, SafeFetchError, setSafeFetchTestNetwork, type ResolvedAddress } from '~/server/services/net/safe-fetch';
import { fetchRemoteImage } from '~/server/services/storage/image-proxy';
import { KeepOutputError, keepRemoteOutput } from '~/server/services/storage/keep-output';
import { sendBytes, startLoopbackServer, type LoopbackServer } from '@test/helpers/http';
import { makePng } from '@test/helpers/images';
import { startStorageTestEnv, type StorageTestEnv } from '../storage/storage-env';

let server: LoopbackServer;
let port: number;
let png: Buffer;
let t: StorageTestEnv;
const served: string[] = [];
const lookups: string[] = [];

const FAKE_HOSTS: Record<string, ResolvedAddress[]> = {
  'files.test': [{ address: '127.0.0.1', family: 4 }], // listed as a loopback host below
  'internal.test': [{ address: '127.0.0.1', family: 4 }], // not listed
  'lan.test': [{ address: '192.168.1.20', family: 4 }],
};

const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
  lookups.push(hostname);
  const found = FAKE_HOSTS[hostname];
  if (!found) throw new Error(`ENOTFOUND ${hostname}`);
  return found;
};

const options = { maxBytes: 64 * 1024, timeoutMs: 2_000, userAgent: 'safe-fetch-test/1' };

async function failure(promise: Promise<unknown>): Promise<SafeFetchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SafeFetchError);
  return error as SafeFetchError;
}

beforeAll(async () => {
  png = await makePng({ width: 16, height: 16 });
  server = await startLoopbackServer(async (_req, res, recorded) => {
    served.push(recorded.path);
    switch (recorded.path) {
      case '/x.png':
        return sendBytes(res, 200, png, 'image/png');
      case '/hop-1':
        res.writeHead(302, { location: `http://files.test:${port}/hop-2` });
        return void res.end();
      case '/hop-2':
        res.writeHead(302, { location: `http://internal.test:${port}/x.png` });
        return void res.end();
      case '/to-lan':
        res.writeHead(301, { location: 'http://lan.test/x.png' });
        return void res.end();
      case '/chunked': {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        for (let i = 0; i < 8 && !res.destroyed; i += 1) await new Promise<void>((done) => res.write(Buffer.alloc(16 * 1024), () => done()));
        return void res.end();
      }
      case '/stall-body':
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': '5000' });
        res.write(png.subarray(0, 10));
        return;
      case '/teapot':
        return sendBytes(res, 418, Buffer.from('no'), 'text/plain');
      default:
        return sendBytes(res, 404, Buffer.from('none'), 'text/plain');
    }
  });
  port = (server.server.address() as AddressInfo).port;
  t = await startStorageTestEnv();
});

afterEach(() => setSafeFetchTestNetwork(null));

afterAll(async () => {
  await t?.stop();
  await server?.close();
});

describe('safeFetch', () => {
  it('fetches from a listed loopback host, connecting to the one vetted address', async () => {
    setSafeFetchTestNetwork({ loopbackHosts: ['files.test'], resolve });
    const before = lookups.length;
    const response = await safeFetch(`http://files.test:${port}/x.png`, options);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect((await response.buffer()).equals(png)).toBe(true);
    expect(lookups.slice(before)).toEqual(['files.test']);
  });

  it('vets every redirect hop: a later hop to an unlisted loopback name is refused before it is requested', async () => {
    setSafeFetchTestNetwork({ loopbackHosts: ['files.test'], resolve });
    const before = served.length;
    const error = await failure(safeFetch(`http://files.test:${port}/hop-1`, options));
    expect(error.reason).toBe('refused_address');
    expect(error.code).toBe('forbidden');
    expect(served.slice(before)).toEqual(['/hop-1', '/hop-2']);
    expect((await failure(safeFetch(`http://files.test:${port}/to-lan`, options))).reason).toBe('refused_address');
  });

  it('refuses loopback literals and names unless the test switch lists exactly that host', async () => {
    setSafeFetchTestNetwork({ loopbackHosts: ['files.test'], resolve });
    for (const url of [`http://127.0.0.1:${port}/x.png`, `http://localhost:${port}/x.png`, `http://internal.test:${port}/x.png`, 'http://lan.test/x.png']) {
      expect((await failure(safeFetch(url, options))).reason, url).toBe('refused_address');
    }
    setSafeFetchTestNetwork({ loopbackHosts: ['127.0.0.1'] });
    expect((await safeFetch(`http://127.0.0.1:${port}/x.png`, options)).status).toBe(200);
    setSafeFetchTestNetwork(null);
    expect((await failure(safeFetch(`http://127.0.0.1:${port}/x.png`, options))).reason).toBe('refused_address');
  });

  it('caps redirects, bytes (declared or streamed) and time, and reports upstream statuses', async () => {
    setSafeFetchTestNetwork({ loopbackHosts: ['files.test'], resolve });
    expect((await failure(safeFetch(`http://files.test:${port}/hop-1`, { ...options, maxRedirects: 0 }))).reason).toBe('too_many_redirects');
    expect((await failure(safeFetch(`http://files.test:${port}/x.png`, { ...options, maxBytes: 10 }))).reason).toBe('too_large');
    const streamed = await safeFetch(`http://files.test:${port}/chunked`, { ...options, maxBytes: 40 * 1024 });
    expect((await failure(streamed.buffer())).reason).toBe('too_large');
    const stalled = await safeFetch(`http://files.test:${port}/stall-body`, { ...options, timeoutMs: 300 });
    expect((await failure(stalled.buffer())).reason).toBe('timeout');
    const teapot = await failure(safeFetch(`http://files.test:${port}/teapot`, options));
    expect([teapot.reason, teapot.status]).toEqual(['http_status', 418]);
    expect((await failure(safeFetch('http://nowhere.test/x.png', options))).reason).toBe('unresolvable');
    expect((await failure(safeFetch('ftp://files.test/x.png', options))).reason).toBe('bad_url');
  });
});

describe('one guard for both callers', () => {
  it('the image proxy and the output copy reach the same listed host and refuse the same unlisted one', async () => {
    const owner = await t.createUser();
    setSafeFetchTestNetwork({ loopbackHosts: ['files.test'], resolve });
    expect((await fetchRemoteImage(`http://files.test:${port}/x.png`)).body.equals(png)).toBe(true);
    const kept = await keepRemoteOutput({ url: `http://files.test:${port}/x.png`, ownerId: owner.id, generationId: 'gen_guard_1', isPrivate: false, index: 0 });
    expect(kept.contentType).toBe('image/png');

    await expect(fetchRemoteImage(`http://127.0.0.1:${port}/x.png`)).rejects.toMatchObject({ code: 'forbidden' });
    const refused = await keepRemoteOutput({ url: `http://127.0.0.1:${port}/x.png`, ownerId: owner.id, generationId: 'gen_guard_2', isPrivate: false, index: 0 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(KeepOutputError);
    expect(refused).toMatchObject({ reason: 'bad_url', message: 'The output URL points to a private network address.' });
    expect(await t.db.storedObject.count({ where: { generationId: 'gen_guard_2' } })).toBe(0);
  });
});

describe('the test switch', () => {
  it('is refused in production', () => {
    const saved = { NODE_ENV: process.env.NODE_ENV, NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET };
    Object.assign(process.env, { NODE_ENV: 'production', NEXTAUTH_SECRET: 'production-secret' });
    resetEnvCache();
    try {
      expect(() => setSafeFetchTestNetwork({ loopbackHosts: ['127.0.0.1'] })).toThrow('The safe-fetch test network is for tests only.');
      expect(() => setSafeFetchTestNetwork(null)).not.toThrow();
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      resetEnvCache();
    }
  });
});
