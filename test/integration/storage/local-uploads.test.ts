/**
 * The embedded default end to end: sign (tRPC and the legacy adapter) → PUT to the signed URL →
 * GET the public URL, over HTTP against the real route handlers, plus every refusal with its message
 * and nothing written.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMIT_BYTES } from '~/catalogue/constants';
import { setSafeFetchTestNetwork } from '~/server/services/net/safe-fetch';
import { getStorage } from '~/server/services/storage';
import { keepRemoteOutput, storeGeneratedFile } from '~/server/services/storage/keep-output';
import { UPLOAD_MESSAGES } from '~/server/services/storage/local-upload';
import { createInnerContext } from '~/server/trpc/context';
import { createCaller } from '~/server/trpc/root';
import { sendBytes, startLoopbackServer } from '@test/helpers/http';
import { makeGif, makeJpeg, makePng, makeWebp } from '@test/helpers/images';
import { startStorageTestEnv, type StorageTestEnv } from './storage-env';

let t: StorageTestEnv;
let alice: { id: string; email: string };
let bob: { id: string; email: string };
let aliceCookie: string;
let bobCookie: string;

const TODAY = 'uploads/2025-06-01';

beforeAll(async () => {
  t = await startStorageTestEnv();
  alice = await t.createUser();
  bob = await t.createUser();
  aliceCookie = await t.cookieFor(alice.id);
  bobCookie = await t.cookieFor(bob.id);
});

afterAll(async () => {
  await t?.stop();
});

function callerFor(userId: string | null) {
  return createCaller(createInnerContext({ db: t.db, user: userId ? { id: userId } : null }));
}

async function legacySign(body: unknown, cookie?: string) {
  const response = await fetch(`${t.server.url}/api/get-signedurl`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie, origin: t.server.url } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { success: boolean; data: { publicUrl: string; signedUrl: string } | null; message: string | null; error: string | null } };
}

async function put(url: string, bytes: Buffer, contentType: string, extraHeaders: Record<string, string> = {}) {
  const response = await fetch(url, { method: 'PUT', headers: { 'content-type': contentType, ...extraHeaders }, body: new Uint8Array(bytes) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as { success: boolean; message: string | null }) : null };
}

function keyOf(publicUrl: string): string {
  return decodeURIComponent(new URL(publicUrl).pathname.replace('/api/storage/', ''));
}

async function storedFiles(): Promise<string[]> {
  const root = path.join(t.dataDir, 'storage', 'objects');
  try {
    return (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

describe('local uploads: the happy path', () => {
  it('signs through the legacy adapter, accepts the PUT and serves the same bytes and type', async () => {
    const png = await makePng({ width: 20, height: 10 });
    const signed = await legacySign({ contentType: 'image/png', remoteName: 'a1b2c3d4e5.png', sourceSubfolder: TODAY, size: png.length }, aliceCookie);
    expect(signed.status).toBe(200);
    expect(signed.body.success).toBe(true);
    const { publicUrl, signedUrl } = signed.body.data!;
    expect(publicUrl.startsWith(`${t.server.url}/api/storage/u/${alice.id}/${TODAY}/`)).toBe(true);
    expect(publicUrl).toMatch(/\/[0-9a-f]{32}-a1b2c3d4e5\.png$/);
    expect(new URL(signedUrl).pathname).toBe(new URL(publicUrl).pathname);

    // Nothing is readable before the PUT.
    expect((await fetch(publicUrl)).status).toBe(404);

    const uploaded = await put(signedUrl, png, 'image/png');
    expect(uploaded.status).toBe(200);
    expect(uploaded.body?.success).toBe(true);

    const read = await fetch(publicUrl);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(read.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await read.arrayBuffer()).equals(png)).toBe(true);
    // Public objects need no session.
    const row = await t.db.storedObject.findUniqueOrThrow({ where: { key: keyOf(publicUrl) } });
    expect(row).toMatchObject({ ownerId: alice.id, contentType: 'image/png', size: png.length, isPrivate: false });
  });

  it('signs through upload.signedUrl; jpeg and webp uploads and gif masks round-trip', async () => {
    const cases = [
      { bytes: await makeJpeg(), contentType: 'image/jpeg', remoteName: 'f00d.jpeg', sourceSubfolder: TODAY },
      { bytes: await makeWebp(), contentType: 'image/webp', remoteName: 'beef.webp', sourceSubfolder: TODAY },
      { bytes: await makeGif(), contentType: 'image/gif', remoteName: 'cafe.gif', sourceSubfolder: 'masks' },
      { bytes: await makePng(), contentType: 'image/png', remoteName: 'mask_01.png', sourceSubfolder: 'masks' },
    ];
    for (const c of cases) {
      const result = await callerFor(alice.id).upload.signedUrl({ contentType: c.contentType, remoteName: c.remoteName, sourceSubfolder: c.sourceSubfolder, size: c.bytes.length });
      expect(Object.keys(result).sort()).toEqual(['publicUrl', 'signedUrl']);
      expect(keyOf(result.publicUrl).startsWith(`u/${alice.id}/${c.sourceSubfolder}/`)).toBe(true);
      expect((await put(result.signedUrl, c.bytes, c.contentType)).status).toBe(200);
      const read = await fetch(result.publicUrl);
      expect(read.headers.get('content-type')).toBe(c.contentType);
      expect(Buffer.from(await read.arrayBuffer()).equals(c.bytes)).toBe(true);
    }
  });
});

describe('local uploads: refused before signing, nothing written', () => {
  async function expectNothingWritten(run: () => Promise<unknown>) {
    const rowsBefore = await t.db.storedObject.count();
    const filesBefore = (await storedFiles()).length;
    await run();
    expect(await t.db.storedObject.count()).toBe(rowsBefore);
    expect((await storedFiles()).length).toBe(filesBefore);
  }

  it('a file over 5 MB', async () => {
    await expectNothingWritten(async () => {
      const legacy = await legacySign({ contentType: 'image/png', remoteName: 'big.png', sourceSubfolder: TODAY, size: UPLOAD_LIMIT_BYTES + 1 }, aliceCookie);
      expect(legacy.status).toBe(413);
      expect(legacy.body).toMatchObject({ success: false, data: null, message: 'The file size exceeds the limit of 5MB.', error: 'file_too_large' });
      await expect(
        callerFor(alice.id).upload.signedUrl({ contentType: 'image/png', remoteName: 'big.png', sourceSubfolder: TODAY, size: UPLOAD_LIMIT_BYTES + 1 }),
      ).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The file size exceeds the limit of 5MB.' });
    });
    // Exactly 5 MB is still allowed.
    await expect(
      callerFor(alice.id).upload.signedUrl({ contentType: 'image/png', remoteName: 'max.png', sourceSubfolder: TODAY, size: UPLOAD_LIMIT_BYTES }),
    ).resolves.toHaveProperty('signedUrl');
  });

  it('a type other than jpeg, png, webp (gif only for masks)', async () => {
    await expectNothingWritten(async () => {
      for (const [contentType, remoteName] of [['image/svg+xml', 'x.png'], ['text/html', 'x.png'], ['image/gif', 'x.gif']] as const) {
        const legacy = await legacySign({ contentType, remoteName, sourceSubfolder: TODAY, size: 100 }, aliceCookie);
        expect(legacy.status).toBe(415);
        expect(legacy.body).toMatchObject({ success: false, message: 'Only JPEG, PNG and WebP images are accepted.', error: 'unsupported_media_type' });
      }
      await expect(
        callerFor(alice.id).upload.signedUrl({ contentType: 'image/bmp', remoteName: 'x.png', sourceSubfolder: 'masks', size: 100 }),
      ).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    });
  });

  it('a signed-out caller', async () => {
    await expectNothingWritten(async () => {
      const legacy = await legacySign({ contentType: 'image/png', remoteName: 'x.png', sourceSubfolder: TODAY, size: 100 });
      expect(legacy.status).toBe(401);
      expect(legacy.body).toMatchObject({ success: false, message: 'Please sign in to continue.', error: 'unauthorized' });
      await expect(
        callerFor(null).upload.signedUrl({ contentType: 'image/png', remoteName: 'x.png', sourceSubfolder: TODAY, size: 100 }),
      ).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
    });
  });

  it('names and folders that are not hash.ext / uploads/<date> / masks', async () => {
    await expectNothingWritten(async () => {
      const bad = [
        { remoteName: '../../etc/passwd.png', sourceSubfolder: TODAY },
        { remoteName: 'x.jpg', sourceSubfolder: TODAY }, // extension does not match image/png
        { remoteName: 'x.png', sourceSubfolder: '../other-user' },
        { remoteName: 'x.png', sourceSubfolder: 'uploads/2025-02-30' },
      ];
      for (const input of bad) {
        const legacy = await legacySign({ contentType: 'image/png', size: 100, ...input }, aliceCookie);
        expect(legacy.status, JSON.stringify(input)).toBe(400);
        expect(legacy.body.error).toBe('validation_failed');
      }
      // (A body without a size is the spec's own and is accepted: test/integration/storage/unsized-uploads.test.ts.)
      const badSize = await legacySign({ contentType: 'image/png', remoteName: 'x.png', sourceSubfolder: TODAY, size: 'many' }, aliceCookie);
      expect(badSize.status).toBe(400);
      expect(badSize.body.message).toMatch(/^size: /);
    });
  });
});

describe('local uploads: refused at the PUT, nothing written', () => {
  async function signPng(bytes: Buffer, size = bytes.length) {
    return callerFor(alice.id).upload.signedUrl({ contentType: 'image/png', remoteName: 'put.png', sourceSubfolder: TODAY, size });
  }

  async function expectNotStored(publicUrl: string) {
    expect(await getStorage().exists(keyOf(publicUrl))).toBe(false);
    expect((await fetch(publicUrl)).status).toBe(404);
  }

  it('bytes that are not the declared image type', async () => {
    const jpeg = await makeJpeg();
    const { publicUrl, signedUrl } = await signPng(jpeg);
    const result = await put(signedUrl, jpeg, 'image/png');
    expect(result.status).toBe(415);
    expect(result.body).toMatchObject({ success: false, message: UPLOAD_MESSAGES.notThatImage, error: 'unsupported_media_type' });
    const html = Buffer.from('<html><script>alert(1)</script></html>'.padEnd(jpeg.length, ' '));
    expect((await put(signedUrl, html, 'image/png')).body?.message).toBe(UPLOAD_MESSAGES.notThatImage);
    await expectNotStored(publicUrl);
  });

  it('a Content-Type header other than the signed one', async () => {
    const png = await makePng();
    const { publicUrl, signedUrl } = await signPng(png);
    const result = await put(signedUrl, png, 'image/jpeg');
    expect(result.status).toBe(415);
    expect(result.body?.message).toBe(UPLOAD_MESSAGES.typeMismatch);
    await expectNotStored(publicUrl);
  });

  it('a body of another length than the signed size', async () => {
    const png = await makePng();
    const { publicUrl, signedUrl } = await signPng(png, png.length - 1);
    const result = await put(signedUrl, png, 'image/png');
    expect(result.status).toBe(400);
    expect(result.body?.message).toBe(UPLOAD_MESSAGES.sizeMismatch);
    await expectNotStored(publicUrl);
  });

  it('a tampered signature, or tampered signed parameters', async () => {
    const png = await makePng();
    const { publicUrl, signedUrl } = await signPng(png);
    const tampered = new URL(signedUrl);
    const sig = tampered.searchParams.get('sig')!;
    tampered.searchParams.set('sig', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
    let result = await put(tampered.href, png, 'image/png');
    expect(result.status).toBe(403);
    expect(result.body).toMatchObject({ success: false, message: UPLOAD_MESSAGES.badSignature, error: 'forbidden' });

    const biggerSize = new URL(signedUrl);
    biggerSize.searchParams.set('size', String(png.length + 10));
    result = await put(biggerSize.href, Buffer.concat([png, Buffer.alloc(10)]), 'image/png');
    expect(result.body?.message).toBe(UPLOAD_MESSAGES.badSignature);

    const laterExpiry = new URL(signedUrl);
    laterExpiry.searchParams.set('expires', String(Number(laterExpiry.searchParams.get('expires')) + 3600));
    expect((await put(laterExpiry.href, png, 'image/png')).body?.message).toBe(UPLOAD_MESSAGES.badSignature);

    // The same signature on another user's path.
    const otherKey = new URL(signedUrl);
    otherKey.pathname = otherKey.pathname.replace(`/u/${alice.id}/`, `/u/${bob.id}/`);
    expect((await put(otherKey.href, png, 'image/png')).body?.message).toBe(UPLOAD_MESSAGES.badSignature);

    const unsigned = new URL(signedUrl);
    unsigned.search = '';
    result = await put(unsigned.href, png, 'image/png');
    expect(result.status).toBe(403);
    expect(result.body?.message).toBe(UPLOAD_MESSAGES.invalidLink);
    await expectNotStored(publicUrl);
  });

  it('an expired URL', async () => {
    const png = await makePng();
    const { publicUrl } = await signPng(png);
    // Re-sign the issued key as if the URL had been handed out 11 minutes ago.
    const expired = await getStorage().signUpload({ key: keyOf(publicUrl), contentType: 'image/png', size: png.length, expiresInSeconds: -60 });
    const result = await put(expired.signedUrl, png, 'image/png');
    expect(result.status).toBe(403);
    expect(result.body).toMatchObject({ success: false, message: UPLOAD_MESSAGES.expired, error: 'forbidden' });
    await expectNotStored(publicUrl);
  });

  it('a validly signed key the server never issued (no owner record)', async () => {
    const png = await makePng();
    const forged = await getStorage().signUpload({ key: `u/${bob.id}/masks/0123-forged.png`, contentType: 'image/png', size: png.length, expiresInSeconds: 60 });
    const result = await put(forged.signedUrl, png, 'image/png');
    expect(result.status).toBe(403);
    expect(result.body?.message).toBe(UPLOAD_MESSAGES.invalidLink);
    expect(await getStorage().exists(`u/${bob.id}/masks/0123-forged.png`)).toBe(false);
  });

  it('never overwrites: a second PUT to the same URL is refused and the first bytes stay', async () => {
    const first = await makePng({ color: '#ff0000' });
    const second = await makePng({ color: '#00ff00' });
    expect(second.length).toBe(first.length);
    const { publicUrl, signedUrl } = await signPng(first);
    expect((await put(signedUrl, first, 'image/png')).status).toBe(200);
    const again = await put(signedUrl, second, 'image/png');
    expect(again.status).toBe(403);
    expect(again.body?.message).toBe(UPLOAD_MESSAGES.exists);
    expect(Buffer.from(await (await fetch(publicUrl)).arrayBuffer()).equals(first)).toBe(true);
  });

  it('answers byte ranges (video seeking) and HEAD', async () => {
    const png = await makePng({ width: 50, height: 50 });
    const { publicUrl, signedUrl } = await signPng(png);
    expect((await put(signedUrl, png, 'image/png')).status).toBe(200);
    const first = await fetch(publicUrl, { headers: { range: 'bytes=0-9' } });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-9/${png.length}`);
    expect(Buffer.from(await first.arrayBuffer()).equals(png.subarray(0, 10))).toBe(true);
    const last = await fetch(publicUrl, { headers: { range: 'bytes=-5' } });
    expect(Buffer.from(await last.arrayBuffer()).equals(png.subarray(png.length - 5))).toBe(true);
    const beyond = await fetch(publicUrl, { headers: { range: `bytes=${png.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${png.length}`);
    const head = await fetch(publicUrl, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(png.length));
    expect(head.headers.get('accept-ranges')).toBe('bytes');
  });

  it('only GET, HEAD and PUT are allowed on objects', async () => {
    const response = await fetch(`${t.server.url}/api/storage/u/${alice.id}/x.png`, { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, PUT');
  });
});

describe('private objects', () => {
  it('are served only to their owner, with private caching', async () => {
    const png = await makePng({ width: 40, height: 40 });
    const kept = await storeGeneratedFile({ buffer: png, contentType: 'image/png', ownerId: alice.id, generationId: 'gen_private_1', isPrivate: true, index: 0 });
    expect(kept.url).toBe(`${t.server.url}/api/storage/${kept.key}`);

    const anonymous = await fetch(kept.url);
    expect(anonymous.status).toBe(404);
    expect(((await anonymous.json()) as { message: string }).message).toBe('Not found.');
    expect((await fetch(kept.url, { headers: { cookie: bobCookie } })).status).toBe(404);
    expect((await fetch(kept.thumbnailUrl!, { headers: { cookie: bobCookie } })).status).toBe(404);

    const owner = await fetch(kept.url, { headers: { cookie: aliceCookie } });
    expect(owner.status).toBe(200);
    expect(owner.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(owner.headers.get('vary')).toBe('Cookie');
    expect(Buffer.from(await owner.arrayBuffer()).equals(png)).toBe(true);
  });

  it('a public copy of a remote output is readable by anyone', async () => {
    const png = await makePng();
    const provider = await startLoopbackServer((_req, res) => sendBytes(res, 200, png, 'image/png'));
    setSafeFetchTestNetwork({ loopbackHosts: ['127.0.0.1'] });
    const kept = await keepRemoteOutput({ url: `${provider.url}/out/0.png`, ownerId: alice.id, generationId: 'gen_public_1', isPrivate: false, index: 0 }).finally(async () => {
      setSafeFetchTestNetwork(null);
      await provider.close();
    });
    const read = await fetch(kept.url);
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
