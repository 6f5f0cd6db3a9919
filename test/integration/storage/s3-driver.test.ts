/**
 * The S3 driver against a local s3rver: signing through upload.signedUrl, the client's PUT to the
 * presigned URL, reads from the public URL, kept outputs (private ones through the app route).
 * s3rver does not verify signatures: what the URL binds is asserted in test/unit/storage/s3-presign.
 */
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSafeFetchTestNetwork } from '~/server/services/net/safe-fetch';
import { getStorage } from '~/server/services/storage';
import { keepRemoteOutput } from '~/server/services/storage/keep-output';
import { createInnerContext } from '~/server/trpc/context';
import { createCaller } from '~/server/trpc/root';
import { sendBytes, startLoopbackServer, type LoopbackServer } from '@test/helpers/http';
import { makePng, makeWebp } from '@test/helpers/images';
import { startS3rver, type LocalS3 } from '@test/helpers/s3rver';
import { startStorageTestEnv, type StorageTestEnv } from './storage-env';

let s3: LocalS3;
let t: StorageTestEnv;
let user: { id: string };
let provider: LoopbackServer | undefined;

beforeAll(async () => {
  s3 = await startS3rver();
  t = await startStorageTestEnv({ env: s3.env });
  user = await t.createUser();
});

afterAll(async () => {
  setSafeFetchTestNetwork(null);
  await provider?.close();
  await t?.stop();
  await s3?.stop();
});

describe('S3 driver (s3rver)', () => {
  it('is chosen when S3_BUCKET is set', () => {
    expect(getStorage().kind).toBe('s3');
  });

  it('signs an upload the client can PUT, readable at the public URL with its type', async () => {
    const webp = await makeWebp({ width: 30, height: 30 });
    const caller = createCaller(createInnerContext({ db: t.db, user }));
    const { publicUrl, signedUrl } = await caller.upload.signedUrl({ contentType: 'image/webp', remoteName: 'feedface.webp', sourceSubfolder: 'uploads/2025-06-01', size: webp.length });
    const key = `u/${user.id}/uploads/2025-06-01/`;
    expect(publicUrl.startsWith(`${s3.endpoint}/${s3.bucket}/${key}`)).toBe(true);
    expect(new URL(signedUrl).pathname).toBe(new URL(publicUrl).pathname);

    const put = await fetch(signedUrl, { method: 'PUT', headers: { 'content-type': 'image/webp' }, body: new Uint8Array(webp) });
    expect(put.status).toBe(200);

    const read = await fetch(publicUrl);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await read.arrayBuffer()).equals(webp)).toBe(true);
  });

  it('refuses oversized and wrong-type uploads before signing', async () => {
    const caller = createCaller(createInnerContext({ db: t.db, user }));
    await expect(
      caller.upload.signedUrl({ contentType: 'image/png', remoteName: 'a.png', sourceSubfolder: 'masks', size: 5 * 1024 * 1024 + 1 }),
    ).rejects.toMatchObject({ message: 'The file size exceeds the limit of 5MB.' });
    await expect(caller.upload.signedUrl({ contentType: 'application/pdf', remoteName: 'a.png', sourceSubfolder: 'masks', size: 10 })).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  it('puts, reads, checks and deletes objects (streamed bodies too)', async () => {
    const storage = getStorage();
    const key = `u/${user.id}/test/streamed.txt`;
    await storage.putObject({ key, body: Readable.from([Buffer.from('hello '), Buffer.from('s3')]), contentType: 'text/plain', size: 8 });
    expect(await storage.exists(key)).toBe(true);
    const object = await storage.getObject(key);
    expect(object).toMatchObject({ contentType: 'text/plain', size: 8 });
    expect(await text(object!.body)).toBe('hello s3');
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.getObject(key)).toBeNull();
  });

  it('keeps outputs in the bucket: public ones at the bucket URL, private ones only through the app', async () => {
    const png = await makePng({ width: 600, height: 600 });
    // The "provider" answers on 127.0.0.1, which the guarded fetch reaches only in tests.
    provider = await startLoopbackServer((_req, res) => sendBytes(res, 200, png, 'image/png'));
    setSafeFetchTestNetwork({ loopbackHosts: ['127.0.0.1'] });
    const pub = await keepRemoteOutput({ url: `${provider.url}/a.png`, ownerId: user.id, generationId: 'gen_s3_pub', isPrivate: false, index: 0 });
    expect(pub.url).toBe(`${s3.endpoint}/${s3.bucket}/${pub.key}`);
    expect(Buffer.from(await (await fetch(pub.url)).arrayBuffer()).equals(png)).toBe(true);
    expect((await fetch(pub.thumbnailUrl!)).headers.get('content-type')).toBe('image/webp');

    const priv = await keepRemoteOutput({ url: `${provider.url}/b.png`, ownerId: user.id, generationId: 'gen_s3_priv', isPrivate: true, index: 0 });
    expect(priv.url).toBe(`${t.server.url}/api/storage/${priv.key}`);
    expect((await fetch(priv.url)).status).toBe(404);
    const owner = await fetch(priv.url, { headers: { cookie: await t.cookieFor(user.id) } });
    expect(owner.status).toBe(200);
    expect(owner.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(Buffer.from(await owner.arrayBuffer()).equals(png)).toBe(true);
  });

  it('does not accept PUTs on the app route (uploads go to the bucket)', async () => {
    const response = await fetch(`${t.server.url}/api/storage/u/${user.id}/masks/x.png?expires=1&type=image/png&size=1&sig=x`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: Buffer.from([1]),
    });
    expect(response.status).toBe(404);
  });
});
