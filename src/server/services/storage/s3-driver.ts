/**
 * S3 (or any S3-compatible endpoint: custom endpoint, path-style addressing). Presigned PUTs sign the
 * exact Content-Length and the Content-Type, so the client cannot upload another size or type than
 * the one the server checked. Reads are served from S3_PUBLIC_BASE_URL (a CDN or public bucket) when
 * set, else from the endpoint itself.
 */
import { keyToUrlPath } from './keys';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import type { ByteRange, PutObjectInput, SignUploadInput, SignedUpload, StorageDriver, StoredObjectData, StoredObjectInfo } from './types';

export type S3DriverOptions = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  publicBaseUrl?: string;
};

const encodeKey = keyToUrlPath;

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404;
  }
  return false;
}

export function createS3Client(options: S3DriverOptions): S3Client {
  return new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: a default CRC32 would be computed over the empty body of
    // a presigned PUT (and is unsupported by many S3-compatible servers).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** The base (ending in '/') public object URLs start with. */
export function s3PublicBase(options: S3DriverOptions): string {
  if (options.publicBaseUrl) return `${options.publicBaseUrl.replace(/\/+$/, '')}/`;
  if (options.endpoint) {
    const endpoint = new URL(options.endpoint);
    const base = endpoint.origin + endpoint.pathname.replace(/\/+$/, '');
    if (options.forcePathStyle ?? true) return `${base}/${options.bucket}/`;
    return `${endpoint.protocol}//${options.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/+$/, '')}/`;
  }
  return `https://${options.bucket}.s3.${options.region}.amazonaws.com/`;
}

export function createS3Driver(options: S3DriverOptions, client: S3Client = createS3Client(options)): StorageDriver {
  const base = s3PublicBase(options);
  const Bucket = options.bucket;
  const publicUrlFor = (key: string) => `${base}${encodeKey(key)}`;

  async function head(key: string): Promise<StoredObjectInfo | null> {
    try {
      const result = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { contentType: result.ContentType ?? 'application/octet-stream', size: Number(result.ContentLength ?? 0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  return {
    kind: 's3',

    async signUpload(input: SignUploadInput): Promise<SignedUpload> {
      // Without a declared size the URL cannot bind one: the bytes are checked before first use.
      const sized = input.size !== undefined;
      const command = new PutObjectCommand({ Bucket, Key: input.key, ContentType: input.contentType, ...(sized ? { ContentLength: input.size } : {}) });
      const signedUrl = await getSignedUrl(client, command, {
        expiresIn: input.expiresInSeconds,
        signableHeaders: new Set(sized ? ['content-type', 'content-length'] : ['content-type']),
      });
      return {
        signedUrl,
        publicUrl: publicUrlFor(input.key),
        headers: { 'Content-Type': input.contentType },
        expiresAt: new Date(Date.now() + input.expiresInSeconds * 1000),
      };
    },

    async putObject(input: PutObjectInput): Promise<void> {
      await client.send(
        new PutObjectCommand({ Bucket, Key: input.key, Body: input.body, ContentType: input.contentType, ContentLength: input.size }),
      );
    },

    async getObject(key: string, range?: ByteRange): Promise<StoredObjectData | null> {
      try {
        const result = await client.send(
          new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        const body = result.Body;
        if (!body) return null;
        const stream = body instanceof Readable ? body : Readable.fromWeb((body as { transformToWebStream(): ReadableStream }).transformToWebStream() as never);
        return { body: stream, contentType: result.ContentType ?? 'application/octet-stream', size: Number(result.ContentLength ?? 0) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    publicUrlFor,

    head,

    async exists(key: string): Promise<boolean> {
      return (await head(key)) !== null;
    },

    async delete(key: string): Promise<void> {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async *listKeys(prefix: string): AsyncIterable<string> {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
