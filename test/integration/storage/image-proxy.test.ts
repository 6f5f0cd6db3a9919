/**
 * GET /api/image-proxy over HTTP: a remote image from a loopback test server reached through an
 * allow-listed fake host name, our own storage served by key, and every refusal of the SSRF rules.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import imageProxyRoute from '~/pages/api/image-proxy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSafeFetchTestNetwork, type ResolvedAddress } from '~/server/services/net/safe-fetch';
import { fetchRemoteImage, IMAGE_PROXY_MESSAGES } from '~/server/services/storage/image-proxy';
import { storeGeneratedFile } from '~/server/services/storage/keep-output';
import { createInnerContext } from '~/server/trpc/context';
import { createCaller } from '~/server/trpc/root';
import { sendBytes, startLoopbackServer, type LoopbackServer } from '@test/helpers/http';
import { makePng } from '@test/helpers/images';
import { startStorageTestEnv, type StorageTestEnv } from './storage-env';

let t: StorageTestEnv;
let images: LoopbackServer;
let port: number;
let png: Buffer;
const resolved: string[] = [];
/** Paths the image server was asked for. */
const requestsTo: string[] = [];

const FAKE_HOSTS: Record<string, ResolvedAddress[]> = {
  'images.test': [{ address: '127.0.0.1', family: 4 }], // allow-listed
  'evil.test': [{ address: '127.0.0.1', family: 4 }], // not allow-listed: resolves to loopback
  'evil6.test': [{ address: '::1', family: 6 }],
  'metadata.test': [{ address: '169.254.169.254', family: 4 }],
  'mixed.test': [
    { address: '93.184.216.34', family: 4 },
    { address: '10.0.0.7', family: 4 },
  ],
  'mapped.test': [{ address: '::ffff:127.0.0.1', family: 6 }],
};

beforeAll(async () => {
  png = await makePng({ width: 32, height: 24 });
  images = await startLoopbackServer(async (req, res, recorded) => {
    switch (recorded.path) {
      case '/cat.png':
        return sendBytes(res, 200, png, 'image/png');
      case '/page.html':
        return sendBytes(res, 200, Buffer.from('<html></html>'), 'text/html');
      case '/drawing.svg':
        return sendBytes(res, 200, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml');
      case '/big.png':
        return sendBytes(res, 200, Buffer.alloc(10 * 1024 * 1024 + 1), 'image/png');
      case '/big-chunked.png': {
        res.writeHead(200, { 'content-type': 'image/png' }); // no content-length: the cap counts bytes
        const chunk = Buffer.alloc(1024 * 1024);
        for (let i = 0; i < 11 && !res.destroyed; i += 1) await new Promise<void>((resolve) => res.write(chunk, () => resolve()));
        return void res.end();
      }
      case '/redirect-to-loopback':
        res.writeHead(302, { location: `http://127.0.0.1:${port}/cat.png` });
        return void res.end();
      case '/redirect-to-evil':
        res.writeHead(307, { location: `http://evil.test:${port}/cat.png` });
        return void res.end();
      case '/redirect-to-cat':
        res.writeHead(301, { location: '/cat.png' });
        return void res.end();
      case '/redirect-loop':
        res.writeHead(302, { location: `http://images.test:${port}/redirect-loop` });
        return void res.end();
      case '/slow.png':
        return; // never answers
      case '/missing.png':
        return sendBytes(res, 404, Buffer.from('nope'), 'text/plain');
      default:
        return sendBytes(res, 500, Buffer.from('unexpected'), 'text/plain');
    }
  });
  images.server.prependListener('request', (req) => requestsTo.push(new URL(req.url ?? '/', 'http://x').pathname));
  port = (images.server.address() as AddressInfo).port;
  t = await startStorageTestEnv();
  setSafeFetchTestNetwork({
    loopbackHosts: ['images.test'],
    resolve: async (hostname) => {
      resolved.push(hostname);
      const found = FAKE_HOSTS[hostname];
      if (!found) throw new Error(`ENOTFOUND ${hostname}`);
      return found;
    },
  });
});

afterAll(async () => {
  await t?.stop();
  await images?.close();
});

async function proxy(imageUrl: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${t.server.url}/api/image-proxy?imageUrl=${encodeURIComponent(imageUrl)}`, { headers });
  const bytes = Buffer.from(await response.arrayBuffer());
  const json = response.headers.get('content-type')?.startsWith('application/json') ? (JSON.parse(bytes.toString('utf8')) as { success: boolean; message: string; error: string }) : null;
  return { status: response.status, contentType: response.headers.get('content-type'), bytes, json };
}

describe('image proxy: serving', () => {
  it('serves an image from an allow-listed host name that resolves to the loopback test server', async () => {
    const result = await proxy(`http://images.test:${port}/cat.png`);
    expect(result.status).toBe(200);
    expect(result.contentType).toBe('image/png');
    expect(result.bytes.equals(png)).toBe(true);
  });

  it('follows a redirect that stays on allowed addresses', async () => {
    const result = await proxy(`http://images.test:${port}/redirect-to-cat`);
    expect(result.status).toBe(200);
    expect(result.bytes.equals(png)).toBe(true);
  });

  it('serves our own storage URLs by key, without the network, respecting privacy', async () => {
    const owner = await t.createUser();
    const publicFile = await storeGeneratedFile({ buffer: png, contentType: 'image/png', ownerId: owner.id, generationId: 'gen_proxy_pub', isPrivate: false, index: 0 });
    const privateFile = await storeGeneratedFile({ buffer: png, contentType: 'image/png', ownerId: owner.id, generationId: 'gen_proxy_priv', isPrivate: true, index: 0 });
    const before = resolved.length;

    const pub = await proxy(publicFile.url);
    expect(pub.status).toBe(200);
    expect(pub.contentType).toBe('image/png');
    expect(pub.bytes.equals(png)).toBe(true);

    const anonymous = await proxy(privateFile.url);
    expect(anonymous.status).toBe(404);
    expect(anonymous.json?.message).toBe(IMAGE_PROXY_MESSAGES.notFound);
    const mine = await proxy(privateFile.url, { cookie: await t.cookieFor(owner.id) });
    expect(mine.status).toBe(200);
    expect(mine.bytes.equals(png)).toBe(true);
    expect(resolved.length).toBe(before); // no DNS, no fetch
  });

  it('is an adapter over media.proxyImage: the procedure answers the same bytes and refusals', async () => {
    const caller = createCaller(createInnerContext({ db: t.db, user: null }));
    const image = await caller.media.proxyImage({ imageUrl: `http://images.test:${port}/cat.png` });
    expect(image.contentType).toBe('image/png');
    expect(Buffer.from(image.bytes).equals(png)).toBe(true);
    await expect(caller.media.proxyImage({})).rejects.toMatchObject({ code: 'BAD_REQUEST', message: IMAGE_PROXY_MESSAGES.missingUrl });
    await expect(caller.media.proxyImage({ imageUrl: `http://127.0.0.1:${port}/cat.png` })).rejects.toMatchObject({ code: 'FORBIDDEN', message: IMAGE_PROXY_MESSAGES.refusedAddress });
  });

  it('answers HEAD with the headers only and refuses other methods with the envelope', async () => {
    const head = await fetch(`${t.server.url}/api/image-proxy?imageUrl=${encodeURIComponent(`http://images.test:${port}/cat.png`)}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(png.length));
    expect(head.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const post = await fetch(`${t.server.url}/api/image-proxy`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(await post.json()).toEqual({ success: false, data: null, message: 'Method POST is not allowed. Use GET.', error: 'method_not_allowed' });
  });
});

describe('image proxy: refusals', () => {
  it.each([
    ['127.0.0.1 (even on the test server)', () => `http://127.0.0.1:${port}/cat.png`],
    ['localhost', () => `http://localhost:${port}/cat.png`],
    ['10.x', () => 'http://10.1.2.3/cat.png'],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', () => `http://[::1]:${port}/cat.png`],
    ['an IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${port}/cat.png`],
    ['a decimal-encoded loopback', () => `http://2130706433:${port}/cat.png`],
    ['0.0.0.0', () => `http://0.0.0.0:${port}/cat.png`],
    ['a host name resolving to loopback', () => `http://evil.test:${port}/cat.png`],
    ['a host name resolving to IPv6 loopback', () => `http://evil6.test:${port}/cat.png`],
    ['a host name resolving to the metadata address', () => 'http://metadata.test/latest/meta-data/'],
    ['a host name with one private address among public ones', () => 'http://mixed.test/cat.png'],
    ['a host name resolving to an IPv4-mapped loopback', () => `http://mapped.test:${port}/cat.png`],
    ['a redirect to loopback', () => `http://images.test:${port}/redirect-to-loopback`],
    ['a redirect to a host name resolving to loopback', () => `http://images.test:${port}/redirect-to-evil`],
  ])('refuses %s', async (_name, url) => {
    const before = requestsTo.filter((p) => p === '/cat.png').length;
    const result = await proxy(url());
    expect(result.status).toBe(403);
    expect(result.json).toMatchObject({ success: false, message: IMAGE_PROXY_MESSAGES.refusedAddress, error: 'forbidden' });
    expect(requestsTo.filter((p) => p === '/cat.png').length).toBe(before); // the image was never fetched
  });

  it('refuses a non-image (and SVG)', async () => {
    for (const path of ['/page.html', '/drawing.svg']) {
      const result = await proxy(`http://images.test:${port}${path}`);
      expect(result.status).toBe(415);
      expect(result.json?.message).toBe(IMAGE_PROXY_MESSAGES.notImage);
    }
  });

  it('refuses an oversized body, declared or streamed', async () => {
    for (const path of ['/big.png', '/big-chunked.png']) {
      const result = await proxy(`http://images.test:${port}${path}`);
      expect(result.status).toBe(413);
      expect(result.json?.message).toBe(IMAGE_PROXY_MESSAGES.tooLarge);
    }
  });

  it('refuses non-http(s) URLs and a missing parameter', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://images.test/cat.png', 'gopher://x', 'not a url', 'data:image/png;base64,AAAA']) {
      const result = await proxy(url);
      expect(result.status, url).toBe(400);
      expect(result.json?.message).toBe(IMAGE_PROXY_MESSAGES.badUrl);
    }
    const missing = await fetch(`${t.server.url}/api/image-proxy`);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toBe(IMAGE_PROXY_MESSAGES.missingUrl);
  });

  it('reads its query from the URL when served on node:http’s bare request (as server.mjs serves its direct routes)', async () => {
    const bare = createServer((req, res) => void imageProxyRoute(req, res));
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/api/image-proxy`;
    try {
      const served = await fetch(`${url}?imageUrl=${encodeURIComponent(`http://images.test:${port}/cat.png`)}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
      // A repeated parameter is a list, as Next parses it: not one URL, so none.
      const repeated = await fetch(`${url}?imageUrl=${encodeURIComponent(`http://images.test:${port}/cat.png`)}&imageUrl=x`);
      expect({ status: repeated.status, body: await repeated.json() }).toEqual({
        status: 400,
        body: { success: false, data: null, message: IMAGE_PROXY_MESSAGES.missingUrl, error: 'validation_failed' },
      });
    } finally {
      await new Promise((resolve) => bare.close(resolve));
    }
  });

  it('gives up on redirect loops, upstream errors and unresolvable hosts', async () => {
    expect((await proxy(`http://images.test:${port}/redirect-loop`)).json?.message).toBe(IMAGE_PROXY_MESSAGES.tooManyRedirects);
    const missing = await proxy(`http://images.test:${port}/missing.png`);
    expect(missing.status).toBe(502);
    expect(missing.json?.message).toBe(`${IMAGE_PROXY_MESSAGES.upstream} (HTTP 404)`);
    expect((await proxy('http://nowhere.test/cat.png')).json?.message).toBe(IMAGE_PROXY_MESSAGES.unresolvable);
  });

  it('caps the time', async () => {
    const started = Date.now();
    await expect(fetchRemoteImage(`http://images.test:${port}/slow.png`, { timeoutMs: 300 })).rejects.toMatchObject({
      message: IMAGE_PROXY_MESSAGES.timeout,
    });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('uses only the vetted address (no second lookup)', async () => {
    const before = resolved.filter((h) => h === 'images.test').length;
    await proxy(`http://images.test:${port}/cat.png`);
    expect(resolved.filter((h) => h === 'images.test').length).toBe(before + 1);
  });
});
