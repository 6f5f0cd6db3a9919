/**
 * Uploads that do not linger (issue 41 §4): the retention sweep deletes an upload 31 days old and
 * keeps one 29 days old (the test's clock), each upload once when two instances sweep at once, and
 * never an output; a face photo sent to a portrait tool is deleted as soon as its job ends (done or
 * cancelled), unless its owner ticked "keep this photo for next time".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photo } from '@test/helpers/photos';
import { runUntil, startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { createDb } from '~/server/db/client';
import { stopServerRuntime } from '~/server/runtime';
import { sweepExpiredUploads } from '~/server/services/privacy/upload-retention';
import { getStorage, keyFromStorageUrl } from '~/server/services/storage';

const DAY_MS = 24 * 60 * 60 * 1000;

let studio: Studio;

beforeAll(async () => {
  // The retention days as set for this studio; the face check is not what is tested here.
  studio = await startStudio({ env: { UPLOAD_RETENTION_DAYS: '30', FACE_CHECK: 'off' } });
});

afterAll(async () => {
  await studio?.stop();
});

async function uploadedAt(user: StudioUser, daysAgo: number, now: Date): Promise<string> {
  const key = keyFromStorageUrl(await studio.upload(user))!;
  await studio.db.storedObject.update({ where: { key }, data: { createdAt: new Date(now.getTime() - daysAgo * DAY_MS) } });
  return key;
}

async function jpegUpload(user: StudioUser): Promise<{ url: string; key: string }> {
  const bytes = photo('astronaut');
  const signed = await studio.caller(user).upload.signedUrl({ contentType: 'image/jpeg', remoteName: `face${Date.now().toString(36)}.jpg`, sourceSubfolder: 'uploads/2026-11-28', size: bytes.length });
  const put = await fetch(signed.signedUrl, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: new Uint8Array(bytes) });
  expect(put.status).toBe(200);
  return { url: signed.publicUrl, key: keyFromStorageUrl(signed.publicUrl)! };
}

const stored = async (key: string) => ({ object: await getStorage().exists(key), row: (await studio.db.storedObject.count({ where: { key } })) === 1 });

describe('the uploads retention sweep', () => {
  it('deletes uploads past UPLOAD_RETENTION_DAYS once across two instances, keeps younger ones and every output', async () => {
    // Two database clients stand for two instances; this process's own loop stays out of it.
    await stopServerRuntime();
    const now = new Date('2027-03-01T12:00:00Z');
    const user = await studio.createUser({ credits: 20 });
    const old = [];
    for (let i = 0; i < 6; i += 1) old.push(await uploadedAt(user, 31, now));
    const young = await uploadedAt(user, 29, now);
    const { id } = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'an output stays' });
    expect((await runUntil(studio.db, id)).status).toBe('succeeded');
    const outputs = await studio.db.storedObject.findMany({ where: { generationId: id }, select: { key: true } });
    expect(outputs.length).toBeGreaterThan(0);
    await studio.db.storedObject.updateMany({ where: { generationId: id }, data: { createdAt: new Date(now.getTime() - 400 * DAY_MS) } });

    const other = createDb(studio.database.connectionString, { maxConnections: studio.database.maxConnections });
    try {
      const [first, second] = await Promise.all([sweepExpiredUploads(studio.db, now), sweepExpiredUploads(other, now)]);
      // Each old upload deleted by exactly one of them.
      expect([...first, ...second].sort()).toEqual([...old].sort());
      expect(first.filter((key) => second.includes(key))).toEqual([]);
    } finally {
      await other.$disconnect();
    }
    for (const key of old) expect(await stored(key)).toEqual({ object: false, row: false });
    expect(await stored(young)).toEqual({ object: true, row: true });
    for (const { key } of outputs) expect(await stored(key)).toEqual({ object: true, row: true });
    // A day later the young one is past its days too; a sweep with nothing due deletes nothing.
    expect(await sweepExpiredUploads(studio.db, new Date(now.getTime() + 2 * DAY_MS))).toEqual([young]);
    expect(await sweepExpiredUploads(studio.db, new Date(now.getTime() + 2 * DAY_MS))).toEqual([]);
  });
});

describe('a face photo sent to a portrait tool', () => {
  it('is deleted as soon as its job ends', async () => {
    const user = await studio.createUser({ credits: 100 });
    const face = await jpegUpload(user);
    const { id } = await studio.caller(user).generation.submit({ model_id: 'headshot', image_url: face.url, credit_to_consume: 20 });
    expect((await runUntil(studio.db, id)).status).toBe('succeeded');
    expect(await stored(face.key)).toEqual({ object: false, row: false });
    // The result itself stays.
    expect(await studio.db.storedObject.count({ where: { generationId: id } })).toBeGreaterThan(0);
  });

  it('is deleted when its job is cancelled too', async () => {
    const user = await studio.createUser({ credits: 100 });
    const face = await jpegUpload(user);
    const { id } = await studio.caller(user).generation.submit({ model_id: 'headshot', image_url: face.url, credit_to_consume: 20 });
    await studio.db.generation.updateMany({ where: { id, status: 'queued' }, data: { dispatchAt: new Date(Date.now() + 3_600_000) } });
    await studio.caller(user).generation.cancel({ id });
    expect(await stored(face.key)).toEqual({ object: false, row: false });
  });

  it('stays when its owner keeps it for next time, and can be used again', async () => {
    const user = await studio.createUser({ credits: 100 });
    const face = await jpegUpload(user);
    expect(await studio.caller(user).upload.keepPhoto({ url: face.url, keep: true })).toEqual({ keep: true });
    for (let i = 0; i < 2; i += 1) {
      const { id } = await studio.caller(user).generation.submit({ model_id: 'headshot', image_url: face.url, credit_to_consume: 20 });
      expect((await runUntil(studio.db, id)).status).toBe('succeeded');
      expect(await stored(face.key)).toEqual({ object: true, row: true });
    }
    // Unticked again: the next job's end deletes it.
    await studio.caller(user).upload.keepPhoto({ url: face.url, keep: false });
    const { id } = await studio.caller(user).generation.submit({ model_id: 'headshot', image_url: face.url, credit_to_consume: 20 });
    expect((await runUntil(studio.db, id)).status).toBe('succeeded');
    expect(await stored(face.key)).toEqual({ object: false, row: false });
  });

  it("only the owner's own uploads can be kept: anything else is the same 404", async () => {
    const owner = await studio.createUser({ credits: 10 });
    const stranger = await studio.createUser();
    const face = await jpegUpload(owner);
    await expect(studio.caller(stranger).upload.keepPhoto({ url: face.url, keep: true })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'This photo was not found.' });
    await expect(studio.caller(stranger).upload.keepPhoto({ url: `${studio.server.url}/api/storage/u/nobody/uploads/2026-11-28/x.jpg`, keep: true })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'This photo was not found.' });
    expect((await studio.db.storedObject.findUniqueOrThrow({ where: { key: face.key } })).keep).toBe(false);
  });
});
