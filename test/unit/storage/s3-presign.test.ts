/** s3rver does not verify signatures, so what the presigned PUT binds is asserted here. */
import { describe, expect, it } from 'vitest';
import { createS3Driver, s3PublicBase } from '~/server/services/storage/s3-driver';

const options = {
  bucket: 'studio-bucket',
  region: 'eu-west-1',
  endpoint: 'http://s3.example.test:9000',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'secret',
  forcePathStyle: true,
};

describe('S3 presigned upload URL', () => {
  it('signs content-length and content-type, expires as asked, and targets the key', async () => {
    const driver = createS3Driver(options);
    const key = 'u/user1/uploads/2025-01-31/0123456789abcdef0123456789abcdef-photo.png';
    const signed = await driver.signUpload({ key, contentType: 'image/png', size: 12345, expiresInSeconds: 600 });
    const url = new URL(signed.signedUrl);
    expect(url.origin).toBe('http://s3.example.test:9000');
    expect(url.pathname).toBe(`/studio-bucket/${key}`);
    const signedHeaders = url.searchParams.get('X-Amz-SignedHeaders')!.split(';');
    expect(signedHeaders).toEqual(expect.arrayContaining(['content-length', 'content-type', 'host']));
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request$/);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    // No default checksum of an empty body baked into the URL.
    expect(url.searchParams.has('x-amz-checksum-crc32')).toBe(false);
    expect(signed.headers).toEqual({ 'Content-Type': 'image/png' });
    expect(signed.publicUrl).toBe(`http://s3.example.test:9000/studio-bucket/${key}`);
  });

  it('signs a different signature for a different size or type', async () => {
    const driver = createS3Driver(options);
    const key = 'u/user1/masks/0123456789abcdef0123456789abcdef-mask.png';
    const sig = async (size: number, contentType: string) =>
      new URL((await driver.signUpload({ key, contentType, size, expiresInSeconds: 60 })).signedUrl).searchParams.get('X-Amz-Signature');
    const base = await sig(100, 'image/png');
    expect(await sig(101, 'image/png')).not.toBe(base);
    expect(await sig(100, 'image/gif')).not.toBe(base);
  });

  it('builds public URLs from S3_PUBLIC_BASE_URL, path-style or virtual-host endpoints', () => {
    expect(createS3Driver({ ...options, publicBaseUrl: 'https://cdn.example.test/media/' }).publicUrlFor('u/a/b.png')).toBe(
      'https://cdn.example.test/media/u/a/b.png',
    );
    expect(s3PublicBase({ ...options, forcePathStyle: false })).toBe('http://studio-bucket.s3.example.test:9000/');
    expect(s3PublicBase({ bucket: 'b', region: 'us-east-2' })).toBe('https://b.s3.us-east-2.amazonaws.com/');
  });
});
