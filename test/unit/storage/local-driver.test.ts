import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalDriver } from '~/server/services/storage/local-driver';
import { signLocalUpload, verifyLocalUploadSignature } from '~/server/services/storage/signing';
import { ObjectExistsError, ObjectSizeMismatchError, type StorageDriver } from '~/server/services/storage/types';
import { withChangedLastCharacter, withSameBytesOtherSpelling } from '../../helpers/signature-variants';

let root: string;
let driver: StorageDriver;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'studio-local-driver-'));
  driver = createLocalDriver({ root, appOrigin: 'http://localhost:3000/' });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('local storage driver', () => {
  it('writes, reads back with its content type, and deletes', async () => {
    const key = 'u/user1/masks/abc-mask.png';
    await driver.putObject({ key, body: Buffer.from('hello'), contentType: 'image/png', size: 5 });
    expect(await driver.exists(key)).toBe(true);
    const object = await driver.getObject(key);
    expect(object).not.toBeNull();
    expect(object!.contentType).toBe('image/png');
    expect(object!.size).toBe(5);
    expect(await text(object!.body)).toBe('hello');
    await driver.delete(key);
    expect(await driver.exists(key)).toBe(false);
    expect(await driver.getObject(key)).toBeNull();
  });

  it('streams a Readable body and checks its length', async () => {
    await driver.putObject({ key: 'u/a/s.bin', body: Readable.from([Buffer.from('ab'), Buffer.from('cd')]), contentType: 'application/octet-stream', size: 4 });
    expect(await text((await driver.getObject('u/a/s.bin'))!.body)).toBe('abcd');
    await expect(
      driver.putObject({ key: 'u/a/short.bin', body: Readable.from([Buffer.from('ab')]), contentType: 'application/octet-stream', size: 4 }),
    ).rejects.toBeInstanceOf(ObjectSizeMismatchError);
    expect(await driver.exists('u/a/short.bin')).toBe(false);
  });

  it('never overwrites an existing object, even with concurrent writers', async () => {
    const key = 'u/user1/uploads/2025-01-01/abc-x.png';
    const results = await Promise.allSettled(
      ['first', 'secon', 'third'].map((body) => driver.putObject({ key, body: Buffer.from(body), contentType: 'image/png', size: 5 })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(ObjectExistsError);
    const winner = await text((await driver.getObject(key))!.body);
    await expect(driver.putObject({ key, body: Buffer.from('later'), contentType: 'image/png', size: 5 })).rejects.toBeInstanceOf(ObjectExistsError);
    expect(await text((await driver.getObject(key))!.body)).toBe(winner);
    // No temporary files are left behind.
    expect(await readdir(path.join(root, 'tmp'))).toEqual([]);
  });

  it('refuses keys that could escape the storage folder', async () => {
    await expect(driver.putObject({ key: '../escape.png', body: Buffer.from('x'), contentType: 'image/png', size: 1 })).rejects.toThrow(/Invalid storage key/);
    expect(await driver.getObject('u/../../etc/passwd')).toBeNull();
  });

  it('signs PUT URLs that bind key, type, size and expiry', async () => {
    const key = 'u/user1/masks/abc-mask.png';
    const signed = await driver.signUpload({ key, contentType: 'image/png', size: 1234, expiresInSeconds: 600 });
    expect(signed.publicUrl).toBe(`http://localhost:3000/api/storage/${key}`);
    const url = new URL(signed.signedUrl);
    expect(url.pathname).toBe(`/api/storage/${key}`);
    expect(url.searchParams.get('type')).toBe('image/png');
    expect(url.searchParams.get('size')).toBe('1234');
    const expires = Number(url.searchParams.get('expires'));
    expect(expires - Math.floor(Date.now() / 1000)).toBeGreaterThan(590);
    const grant = { key, contentType: 'image/png', size: 1234, expires };
    const sig = url.searchParams.get('sig')!;
    expect(sig).toBe(signLocalUpload(grant));
    expect(verifyLocalUploadSignature(grant, sig)).toBe(true);
    expect(verifyLocalUploadSignature({ ...grant, size: 1235 }, sig)).toBe(false);
    expect(verifyLocalUploadSignature({ ...grant, contentType: 'image/gif' }, sig)).toBe(false);
    expect(verifyLocalUploadSignature({ ...grant, key: 'u/user2/masks/abc-mask.png' }, sig)).toBe(false);
    expect(verifyLocalUploadSignature({ ...grant, expires: expires + 60 }, sig)).toBe(false);
    expect(verifyLocalUploadSignature(grant, withChangedLastCharacter(sig))).toBe(false);
    expect(verifyLocalUploadSignature(grant, withSameBytesOtherSpelling(sig))).toBe(false);
    expect(verifyLocalUploadSignature(grant, '')).toBe(false);
  });
});
