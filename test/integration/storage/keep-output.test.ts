/** Keeping provider outputs: copied from a local server into our storage, with thumbnails; failures store nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStorage } from '~/server/services/storage';
import { setSafeFetchTestNetwork } from '~/server/services/net/safe-fetch';
import { KeepOutputError, keepRemoteOutput, setGenerationObjectsPrivacy, storeGeneratedFile } from '~/server/services/storage/keep-output';
import { sendBytes, startLoopbackServer, type LoopbackServer } from '@test/helpers/http';
import { SAMPLE_MEDIA } from '@test/helpers/sample-media';
import { imageInfo, makeJpeg, makePng } from '@test/helpers/images';
import { startStorageTestEnv, type StorageTestEnv } from './storage-env';

let t: StorageTestEnv;
let provider: LoopbackServer;
let owner: { id: string };
let bigPng: Buffer;
/** The local "provider" answers on 127.0.0.1, which the guarded fetch refuses outside tests. */
const LOCAL_PROVIDER = { loopbackHosts: ['127.0.0.1'] };

beforeAll(async () => {
  bigPng = await makePng({ width: 1000, height: 500 });
  const jpeg = await makeJpeg({ width: 64, height: 64 });
  provider = await startLoopbackServer(async (_req, res, recorded) => {
    switch (recorded.path) {
      case '/out/0.png':
        return sendBytes(res, 200, bigPng, 'image/png');
      case '/out/untyped':
        return sendBytes(res, 200, jpeg, 'application/octet-stream');
      case '/out/video.mp4':
        return sendBytes(res, 200, SAMPLE_MEDIA.mp4, 'video/mp4');
      case '/out/gone.png':
        return sendBytes(res, 404, Buffer.from('expired'), 'text/plain');
      case '/out/huge.bin':
        return sendBytes(res, 200, Buffer.alloc(64 * 1024), 'image/png');
      case '/out/huge-chunked.png': {
        res.writeHead(200, { 'content-type': 'image/png' });
        for (let i = 0; i < 8 && !res.destroyed; i += 1) await new Promise<void>((resolve) => res.write(Buffer.alloc(16 * 1024), () => resolve()));
        return void res.end();
      }
      case '/out/redirect-to-metadata':
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        return void res.end();
      case '/out/hang-headers.png':
        return; // never answers
      case '/out/hang-body.png':
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': '100000' });
        res.write(bigPng.subarray(0, 100)); // then stalls
        return;
      default:
        return sendBytes(res, 500, Buffer.from('unexpected'), 'text/plain');
    }
  });
  t = await startStorageTestEnv();
  owner = await t.createUser();
  // The local "provider" is on loopback, which production refuses (tested below).
  setSafeFetchTestNetwork(LOCAL_PROVIDER);
});

afterAll(async () => {
  setSafeFetchTestNetwork(null);
  await t?.stop();
  await provider?.close();
});

async function rowsOf(generationId: string) {
  return t.db.storedObject.findMany({ where: { generationId }, orderBy: { key: 'asc' } });
}

describe('keepRemoteOutput network rules', () => {
  it('refuses output URLs on loopback, private and metadata addresses, and redirects to them; stores nothing', async () => {
    const attempt = (url: string) => keepRemoteOutput({ url, ownerId: owner.id, generationId: 'gen_keep_ssrf', isPrivate: false, index: 0 });
    await expect(attempt(`${provider.url}/out/redirect-to-metadata`)).rejects.toMatchObject({ reason: 'bad_url', message: 'The output URL points to a private network address.' });
    setSafeFetchTestNetwork(null);
    try {
      for (const url of [`${provider.url}/out/0.png`, 'http://10.1.2.3/x.png', 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/x.png']) {
        await expect(attempt(url)).rejects.toMatchObject({ reason: 'bad_url' });
      }
    } finally {
      setSafeFetchTestNetwork(LOCAL_PROVIDER);
    }
    expect(await rowsOf('gen_keep_ssrf')).toEqual([]);
  });
});

describe('keepRemoteOutput', () => {
  it('copies a provider image into our storage with a 384 px WebP thumbnail', async () => {
    const kept = await keepRemoteOutput({ url: `${provider.url}/out/0.png`, ownerId: owner.id, generationId: 'gen_keep_1', isPrivate: false, index: 0 });
    expect(kept.key).toMatch(new RegExp(`^u/${owner.id}/generations/gen_keep_1/0-[0-9a-f]{32}\\.png$`));
    expect(kept).toMatchObject({ contentType: 'image/png', size: bigPng.length, url: `${t.server.url}/api/storage/${kept.key}` });

    const read = await fetch(kept.url);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await read.arrayBuffer()).equals(bigPng)).toBe(true);

    expect(kept.thumbnailUrl).toBeDefined();
    const thumb = await fetch(kept.thumbnailUrl!);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(await imageInfo(Buffer.from(await thumb.arrayBuffer()))).toEqual({ width: 384, height: 192, format: 'webp' });

    const rows = await rowsOf('gen_keep_1');
    expect(rows.map((r) => r.key).sort()).toEqual([kept.key, kept.thumbnailKey].sort());
    for (const row of rows) expect(row).toMatchObject({ ownerId: owner.id, isPrivate: false, generationId: 'gen_keep_1' });
  });

  it('sniffs the type when the provider says octet-stream; videos get no thumbnail', async () => {
    const untyped = await keepRemoteOutput({ url: `${provider.url}/out/untyped`, ownerId: owner.id, generationId: 'gen_keep_2', isPrivate: false, index: 0 });
    expect(untyped.contentType).toBe('image/jpeg');
    expect(untyped.key.endsWith('.jpg')).toBe(true);
    const video = await keepRemoteOutput({ url: `${provider.url}/out/video.mp4`, ownerId: owner.id, generationId: 'gen_keep_2', isPrivate: true, index: 1 });
    expect(video).toMatchObject({ contentType: 'video/mp4', size: SAMPLE_MEDIA.mp4.length });
    expect(video.thumbnailUrl).toBeUndefined();
    expect(video.key.endsWith('.mp4')).toBe(true);
  });

  it('keeps data: URLs too', async () => {
    const png = await makePng();
    const kept = await keepRemoteOutput({ url: `data:image/png;base64,${png.toString('base64')}`, ownerId: owner.id, generationId: 'gen_keep_3', isPrivate: false, index: 0 });
    expect(kept.contentType).toBe('image/png');
    expect(Buffer.from(await (await fetch(kept.url)).arrayBuffer()).equals(png)).toBe(true);
  });

  it.each([
    ['an HTTP error', '/out/gone.png', {}, 'http_status'],
    ['a declared size over the cap', '/out/huge.bin', { maxBytes: 32 * 1024 }, 'too_large'],
    ['a streamed size over the cap', '/out/huge-chunked.png', { maxBytes: 32 * 1024 }, 'too_large'],
    ['no answer within the timeout', '/out/hang-headers.png', { timeoutMs: 300 }, 'timeout'],
    ['a body that stalls past the timeout', '/out/hang-body.png', { timeoutMs: 300 }, 'timeout'],
  ] as const)('fails cleanly on %s, storing nothing', async (_name, path, limits, reason) => {
    const generationId = `gen_fail_${reason}_${path.length}`;
    const started = Date.now();
    const error = await keepRemoteOutput({ url: `${provider.url}${path}`, ownerId: owner.id, generationId, isPrivate: false, index: 0, ...limits }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeepOutputError);
    expect((error as KeepOutputError).reason).toBe(reason);
    expect((error as KeepOutputError).code).toBe('provider_error');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await rowsOf(generationId)).toEqual([]);
  });

  it('refuses non-http(s) URLs', async () => {
    await expect(keepRemoteOutput({ url: 'file:///etc/passwd', ownerId: owner.id, generationId: 'g', isPrivate: false, index: 0 })).rejects.toMatchObject({ reason: 'bad_url' });
  });
});

describe('storeGeneratedFile and privacy', () => {
  it('stores a local-engine file with a thumbnail, and privacy can be switched per generation', async () => {
    const png = await makePng({ width: 512, height: 512 });
    const kept = await storeGeneratedFile({ buffer: png, contentType: 'image/png', ownerId: owner.id, generationId: 'gen_local_1', isPrivate: true, index: 3 });
    expect(kept.key).toMatch(new RegExp(`^u/${owner.id}/generations/gen_local_1/3-[0-9a-f]{32}\\.png$`));
    expect(await getStorage().exists(kept.key)).toBe(true);
    expect(await getStorage().exists(kept.thumbnailKey!)).toBe(true);
    expect((await fetch(kept.url)).status).toBe(404); // private: anonymous readers get nothing

    expect(await setGenerationObjectsPrivacy(t.db, 'gen_local_1', false)).toBe(2);
    expect((await fetch(kept.url)).status).toBe(200);
    expect((await fetch(kept.thumbnailUrl!)).status).toBe(200);
  });
});
