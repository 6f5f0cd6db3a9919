import { describe, expect, it } from 'vitest';
import { buildOutputKeyBase, buildUploadKey, isValidKey, ownerIdFromKey, parseUploadFolder, remoteNameExtension } from '~/server/services/storage/keys';
import { contentTypeFromName, extensionForContentType, normaliseContentType, sniffImageType } from '~/server/services/storage/media-types';
import { makeGif, makeJpeg, makePng, makeWebp } from '@test/helpers/images';

describe('upload keys', () => {
  it('puts uploads under the user prefix with a random part and the validated name', () => {
    const a = buildUploadKey({ userId: 'user_1', folder: 'uploads/2025-01-31', remoteName: 'abc123.png' });
    const b = buildUploadKey({ userId: 'user_1', folder: 'uploads/2025-01-31', remoteName: 'abc123.png' });
    expect(a).toMatch(/^u\/user_1\/uploads\/2025-01-31\/[0-9a-f]{32}-abc123\.png$/);
    expect(a).not.toBe(b);
    expect(ownerIdFromKey(a)).toBe('user_1');
    expect(isValidKey(a)).toBe(true);
  });

  it('accepts only uploads/<real date> or masks as folders', () => {
    expect(parseUploadFolder('masks')).toBe('masks');
    expect(parseUploadFolder('uploads/2024-02-29')).toBe('uploads/2024-02-29');
    for (const bad of ['uploads/2023-02-29', 'uploads/2024-13-01', 'uploads/../x', 'uploads', 'masks/', '../masks', 'uploads/2024-1-1', 'other']) {
      expect(parseUploadFolder(bad), bad).toBeNull();
    }
  });

  it('accepts a hash plus image extension as remote name, nothing else', () => {
    expect(remoteNameExtension('9f86d081884c7d65.JPG')).toBe('jpg');
    expect(remoteNameExtension('a_b-c.webp')).toBe('webp');
    for (const bad of ['../x.png', 'a/b.png', 'x.svg', 'x.png.exe', '.png', 'a b.png', `${'a'.repeat(129)}.png`, 'x.png/']) {
      expect(remoteNameExtension(bad), bad).toBeNull();
    }
  });

  it('builds output keys per generation and rejects unsafe ids', () => {
    expect(buildOutputKeyBase({ ownerId: 'u1', generationId: 'g1', index: 2 })).toMatch(/^u\/u1\/generations\/g1\/2-[0-9a-f]{32}$/);
    expect(() => buildOutputKeyBase({ ownerId: '../u', generationId: 'g', index: 0 })).toThrow();
    expect(() => buildUploadKey({ userId: 'a/b', folder: 'masks', remoteName: 'x.png' })).toThrow();
  });

  it('rejects keys with traversal, hidden or empty segments', () => {
    for (const bad of ['', '../etc/passwd', 'u/../x', 'u//x', 'u/.x', 'u/./x', '/u/x', 'u/x/', 'u/x y', 'u\\x']) {
      expect(isValidKey(bad), bad).toBe(false);
    }
  });
});

describe('media types', () => {
  it('sniffs the four image types from real bytes', async () => {
    expect(sniffImageType(await makePng())).toBe('image/png');
    expect(sniffImageType(await makeJpeg())).toBe('image/jpeg');
    expect(sniffImageType(await makeWebp())).toBe('image/webp');
    expect(sniffImageType(await makeGif())).toBe('image/gif');
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF0000WAVE'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });

  it('normalises content types and maps extensions', () => {
    expect(normaliseContentType(' Image/PNG; charset=binary')).toBe('image/png');
    expect(extensionForContentType('image/jpeg')).toBe('jpg');
    expect(extensionForContentType('video/mp4')).toBe('mp4');
    expect(extensionForContentType('application/x-unknown')).toBe('bin');
    expect(contentTypeFromName('/out/0.webp?x=1')).toBe('image/webp');
    expect(contentTypeFromName('noext')).toBeNull();
  });
});
