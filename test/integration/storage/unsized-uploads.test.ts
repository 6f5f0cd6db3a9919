/**
 * POST /api/get-signedurl takes the spec's body {contentType, remoteName, sourceSubfolder}: the
 * size is optional. Without one, the object's real size, type and magic bytes are checked when the
 * upload arrives (local storage) or, at the latest, before it is first used as an input (S3, here
 * s3rver): an object over 5 MB or not the signed type is refused and removed, never used, and
 * nothing is charged.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMIT_BYTES } from '~/catalogue/constants';
import { getStorage } from '~/server/services/storage';
import { NOT_UPLOADED_MESSAGE } from '~/server/services/storage/check-upload';
import { UPLOAD_MESSAGES } from '~/server/services/storage/local-upload';
import { makeJpeg, makePng } from '@test/helpers/images';
import { startS3rver, type LocalS3 } from '@test/helpers/s3rver';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';

const FOLDER = 'uploads/2026-11-25';
const SPEC_BODY = { contentType: 'image/png', remoteName: 'c0ffee.png', sourceSubfolder: FOLDER };

/** PNG magic followed by filler: passes a magic-byte sniff, and as large as a test wants. */
function pngLooking(bytes: number): Buffer {
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(bytes - 8)]);
}

async function signViaRest(studio: Studio, user: StudioUser, body: unknown) {
  const response = await fetch(`${studio.server.url}/api/get-signedurl`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: await studio.cookieFor(user), origin: studio.server.url },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { success: boolean; data: { publicUrl: string; signedUrl: string } } };
}

/** The status of a GET, its body discarded (an unread body would hold the connection open). */
async function statusOf(url: string): Promise<number> {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response.status;
}

async function put(url: string, bytes: Buffer, contentType: string) {
  const response = await fetch(url, { method: 'PUT', headers: { 'content-type': contentType }, body: new Uint8Array(bytes) });
  const text = await response.text();
  return { status: response.status, body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : text };
}

describe('local storage: the bytes are checked when they arrive', () => {
  let studio: Studio;
  let user: StudioUser;

  beforeAll(async () => {
    studio = await startStudio();
    user = await studio.createUser({ credits: 20 });
  });

  afterAll(async () => {
    await studio?.stop();
  });

  const keyOf = (publicUrl: string) => decodeURIComponent(new URL(publicUrl).pathname.replace('/api/storage/', ''));

  it('signs the spec’s body without a size, takes an image of any size up to 5 MB, and uses it', async () => {
    const signed = await signViaRest(studio, user, SPEC_BODY);
    expect(signed.status).toBe(200);
    const { publicUrl, signedUrl } = signed.body.data;
    expect(new URL(signedUrl).searchParams.has('size')).toBe(false);
    const png = await makePng({ width: 40, height: 30 });
    expect(await put(signedUrl, png, 'image/png')).toMatchObject({ status: 200, body: { success: true } });
    expect(await studio.db.storedObject.findUniqueOrThrow({ where: { key: keyOf(publicUrl) } })).toMatchObject({ size: png.length, unchecked: false });
    const submitted = await studio.caller(user).generation.submit({ model_id: 'upscaler', image_url: publicUrl });
    expect(submitted.user_credits).toBe(18);
  });

  it('refuses more than 5 MB with 413 and stores nothing; the URL is then refused as an input', async () => {
    const { publicUrl, signedUrl } = (await signViaRest(studio, user, SPEC_BODY)).body.data;
    const answer = await put(signedUrl, pngLooking(UPLOAD_LIMIT_BYTES + 1), 'image/png');
    expect(answer).toEqual({ status: 413, body: { success: false, data: null, message: 'The file size exceeds the limit of 5MB.', error: 'file_too_large' } });
    expect(await getStorage().exists(keyOf(publicUrl))).toBe(false);
    await expect(studio.caller(user).generation.submit({ model_id: 'upscaler', image_url: publicUrl })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: NOT_UPLOADED_MESSAGE,
    });
    expect(await studio.balance(user)).toBe(18);
  });

  it('refuses bytes that are not the signed type with 415 and stores nothing', async () => {
    const { publicUrl, signedUrl } = (await signViaRest(studio, user, SPEC_BODY)).body.data;
    expect(await put(signedUrl, await makeJpeg(), 'image/png')).toMatchObject({ status: 415, body: { message: UPLOAD_MESSAGES.notThatImage, error: 'unsupported_media_type' } });
    expect(await getStorage().exists(keyOf(publicUrl))).toBe(false);
  });

  it('a sized URL stays bound to its size: dropping the size from it breaks the signature', async () => {
    const png = await makePng();
    const { signedUrl } = await studio.caller(user).upload.signedUrl({ ...SPEC_BODY, size: png.length });
    const unsized = new URL(signedUrl);
    unsized.searchParams.delete('size');
    expect(await put(unsized.href, Buffer.concat([png, Buffer.alloc(100)]), 'image/png')).toMatchObject({ status: 403, body: { message: UPLOAD_MESSAGES.badSignature } });
  });
});

describe('S3 (s3rver): the bytes are checked before first use as an input', () => {
  let s3: LocalS3;
  let studio: Studio;
  let user: StudioUser;

  beforeAll(async () => {
    s3 = await startS3rver();
    studio = await startStudio({ env: s3.env });
    user = await studio.createUser({ credits: 20 });
  });

  afterAll(async () => {
    await studio?.stop();
    await s3?.stop();
  });

  const keyOf = (publicUrl: string) => decodeURIComponent(new URL(publicUrl).pathname.replace(`/${s3.bucket}/`, ''));

  /** Signs the spec's body (no size) and PUTs `bytes` straight to the bucket, as a browser would. */
  async function uploadUnsized(bytes: Buffer, putType = 'image/png'): Promise<string> {
    const signed = await signViaRest(studio, user, SPEC_BODY);
    expect(signed.status).toBe(200);
    // Without a size the URL binds the type only (S3 would otherwise demand that exact length).
    expect(new URL(signed.body.data.signedUrl).searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    expect((await put(signed.body.data.signedUrl, bytes, putType)).status).toBe(200);
    return signed.body.data.publicUrl;
  }

  async function expectRefusedAndRemoved(publicUrl: string, refusal: { code: string; message: string }) {
    expect(await statusOf(publicUrl)).toBe(200);
    await expect(studio.caller(user).generation.submit({ model_id: 'upscaler', image_url: publicUrl })).rejects.toMatchObject(refusal);
    expect(await getStorage().exists(keyOf(publicUrl))).toBe(false);
    expect(await statusOf(publicUrl)).toBe(404);
    expect(await studio.balance(user)).toBe(20);
    expect(await studio.db.generation.count({ where: { userId: user.id } })).toBe(0);
    // Still refused later: the object is gone, never used.
    await expect(studio.caller(user).generation.submit({ model_id: 'upscaler', image_url: publicUrl })).rejects.toMatchObject({ message: NOT_UPLOADED_MESSAGE });
  }

  it('refuses and removes an object over 5 MB', async () => {
    const publicUrl = await uploadUnsized(pngLooking(UPLOAD_LIMIT_BYTES + 1024));
    await expectRefusedAndRemoved(publicUrl, { code: 'PAYLOAD_TOO_LARGE', message: 'The file size exceeds the limit of 5MB.' });
  });

  it('refuses and removes bytes that are not the signed type (JPEG under a PNG signature)', async () => {
    const publicUrl = await uploadUnsized(await makeJpeg());
    await expectRefusedAndRemoved(publicUrl, { code: 'UNSUPPORTED_MEDIA_TYPE', message: UPLOAD_MESSAGES.notThatImage });
  });

  it('refuses and removes an object stored under another type than the signed one', async () => {
    const publicUrl = await uploadUnsized(await makePng(), 'image/webp');
    await expectRefusedAndRemoved(publicUrl, { code: 'UNSUPPORTED_MEDIA_TYPE', message: UPLOAD_MESSAGES.typeMismatch });
  });

  it('the credit check (the same admission as submit) refuses and removes it too, before anything is charged', async () => {
    const publicUrl = await uploadUnsized(pngLooking(UPLOAD_LIMIT_BYTES + 1024));
    await expect(studio.caller(user).generation.check({ model_id: 'upscaler', image_url: publicUrl })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The file size exceeds the limit of 5MB.',
    });
    expect(await getStorage().exists(keyOf(publicUrl))).toBe(false);
    expect(await studio.balance(user)).toBe(20);
  });

  it('refuses a signed URL nothing was uploaded to', async () => {
    const signed = await signViaRest(studio, user, SPEC_BODY);
    await expect(studio.caller(user).generation.submit({ model_id: 'upscaler', image_url: signed.body.data.publicUrl })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: NOT_UPLOADED_MESSAGE,
    });
    expect(await studio.balance(user)).toBe(20);
  });

  it('uses a real image once checked, and records its real size', async () => {
    const png = await makePng({ width: 30, height: 20 });
    const publicUrl = await uploadUnsized(png);
    expect(await studio.db.storedObject.findUniqueOrThrow({ where: { key: keyOf(publicUrl) } })).toMatchObject({ size: null, unchecked: true });
    const submitted = await studio.caller(user).generation.submit({ model_id: 'upscaler', image_url: publicUrl });
    expect(submitted.user_credits).toBe(18);
    expect(await studio.db.storedObject.findUniqueOrThrow({ where: { key: keyOf(publicUrl) } })).toMatchObject({ size: png.length, unchecked: false });
  });
});
