/**
 * Keeping outputs: provider result URLs expire, so the generation engine copies every output into our
 * storage when it arrives (streamed to a temporary file with a size cap and a timeout), records it as
 * the generation owner's object (private when the generation is) and, for images, stores a 384 px
 * WebP thumbnail beside it so galleries load fast.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { getDb, type Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { safeFetch, SafeFetchError } from '~/server/services/net/safe-fetch';
import { buildOutputKeyBase } from './keys';
import { contentTypeFromName, extensionForContentType, isThumbnailable, normaliseContentType, sniffImageType } from './media-types';
import { getStorage, objectUrl } from './index';

export const KEEP_OUTPUT_LIMITS = { maxBytes: 200 * 1024 * 1024, timeoutMs: 120_000 } as const;
export const THUMBNAIL_SIZE = 384;

export type KeptOutput = {
  key: string;
  /** Where browsers read it: the app route when private, the driver's public URL otherwise. */
  url: string;
  contentType: string;
  size: number;
  thumbnailKey?: string;
  thumbnailUrl?: string;
};

export type OutputOwner = {
  ownerId: string;
  generationId: string;
  isPrivate: boolean;
  /** The output's position in the generation (0-based); part of the key. */
  index: number;
  /** Defaults to getDb(). */
  db?: Db;
};

export type KeepRemoteOutputInput = OutputOwner & {
  url: string;
  maxBytes?: number;
  timeoutMs?: number;
};

export type KeepOutputFailure = 'bad_url' | 'http_status' | 'too_large' | 'timeout' | 'network';

/** A copy that failed; code provider_error, with why in `reason`. Nothing is stored when it is thrown. */
export class KeepOutputError extends AppError {
  constructor(readonly reason: KeepOutputFailure, message: string, options?: { cause?: unknown }) {
    super('provider_error', message, options);
    this.name = 'KeepOutputError';
  }
}

const GENERIC_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/binary']);

function decideContentType(declared: string, source: string, head: Uint8Array): string {
  const type = normaliseContentType(declared);
  if (!GENERIC_TYPES.has(type)) return type;
  return sniffImageType(head) ?? contentTypeFromName(source) ?? 'application/octet-stream';
}

async function readHead(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(16);
    const { bytesRead } = await handle.read(buffer, 0, 16, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

type Source = { file: string } | { buffer: Buffer };

async function makeThumbnail(source: Source): Promise<Buffer | null> {
  try {
    return await sharp('file' in source ? source.file : source.buffer)
      .rotate()
      .resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (error) {
    // An undecodable image still gets kept; it just has no thumbnail.
    console.warn('[storage] thumbnail failed:', error instanceof Error ? error.message : error);
    return null;
  }
}

async function storeOne(db: Db, owner: OutputOwner, key: string, body: () => Buffer | Readable, contentType: string, size: number): Promise<void> {
  const storage = getStorage();
  await storage.putObject({ key, body: body(), contentType, size });
  try {
    await db.storedObject.create({
      data: { key, ownerId: owner.ownerId, contentType, size, isPrivate: owner.isPrivate, generationId: owner.generationId },
    });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}

async function store(owner: OutputOwner, source: Source, contentType: string, size: number): Promise<KeptOutput> {
  const db = owner.db ?? (await getDb());
  const base = buildOutputKeyBase(owner);
  const key = `${base}.${extensionForContentType(contentType)}`;
  await storeOne(db, owner, key, () => ('file' in source ? createReadStream(source.file) : source.buffer), contentType, size);
  const kept: KeptOutput = { key, url: objectUrl(key, owner.isPrivate), contentType, size };
  if (isThumbnailable(contentType)) {
    const thumbnail = await makeThumbnail(source);
    if (thumbnail) {
      const thumbnailKey = `${base}-thumb.webp`;
      try {
        await storeOne(db, owner, thumbnailKey, () => thumbnail, 'image/webp', thumbnail.length);
        kept.thumbnailKey = thumbnailKey;
        kept.thumbnailUrl = objectUrl(thumbnailKey, owner.isPrivate);
      } catch (error) {
        console.warn('[storage] storing thumbnail failed:', error instanceof Error ? error.message : error);
      }
    }
  }
  return kept;
}

/** Stores a file the local engine produced (sharp output etc.) as one of the generation's outputs. */
export async function storeGeneratedFile(input: OutputOwner & { buffer: Buffer; contentType: string }): Promise<KeptOutput> {
  const contentType = decideContentType(input.contentType, '', input.buffer.subarray(0, 16));
  return store(input, { buffer: input.buffer }, contentType, input.buffer.length);
}

function parseDataUrl(url: string, maxBytes: number): { buffer: Buffer; contentType: string } {
  const match = /^data:([^;,]*)((?:;[^;,]*)*?)(;base64)?,(.*)$/s.exec(url);
  if (!match) throw new KeepOutputError('bad_url', 'The output is not a valid data URL.');
  const payload = match[4]!;
  // Base64 is 4/3 of the bytes: refuse before decoding anything huge.
  if (payload.length > Math.ceil((maxBytes * 4) / 3) + 4) throw new KeepOutputError('too_large', 'The output file is too large to keep.');
  const buffer = match[3] ? Buffer.from(payload, 'base64') : Buffer.from(decodeURIComponent(payload), 'utf8');
  if (buffer.length > maxBytes) throw new KeepOutputError('too_large', 'The output file is too large to keep.');
  return { buffer, contentType: match[1] || 'application/octet-stream' };
}

function keepFailure(error: SafeFetchError, timeoutMs: number): KeepOutputError {
  const options = { cause: error };
  switch (error.reason) {
    case 'bad_url':
      return new KeepOutputError('bad_url', 'The output URL is not an http(s) URL.', options);
    case 'refused_address':
      return new KeepOutputError('bad_url', 'The output URL points to a private network address.', options);
    case 'unresolvable':
      return new KeepOutputError('network', 'The output host could not be resolved.', options);
    case 'too_many_redirects':
      return new KeepOutputError('http_status', 'The output URL redirected too many times.', options);
    case 'http_status':
      return new KeepOutputError('http_status', `The output could not be downloaded (HTTP ${error.status}).`, options);
    case 'too_large':
      return new KeepOutputError('too_large', 'The output file is too large to keep.', options);
    case 'timeout':
      return new KeepOutputError('timeout', `The output took longer than ${timeoutMs} ms to download.`, options);
    case 'network':
      return new KeepOutputError('network', 'The output could not be downloaded.', options);
  }
}

/**
 * Copies a provider output (http(s) or data: URL) into our storage and returns where it now lives.
 * Output URLs come from a provider's answer, which can echo user text, so the download goes through
 * the guarded fetch. Throws KeepOutputError (nothing stored) on a bad or private URL, a non-2xx
 * answer, more than maxBytes or more than timeoutMs.
 */
export async function keepRemoteOutput(input: KeepRemoteOutputInput): Promise<KeptOutput> {
  const maxBytes = input.maxBytes ?? KEEP_OUTPUT_LIMITS.maxBytes;
  if (input.url.startsWith('data:')) {
    const { buffer, contentType } = parseDataUrl(input.url, maxBytes);
    return storeGeneratedFile({ ...input, buffer, contentType });
  }
  if (!URL.canParse(input.url)) throw new KeepOutputError('bad_url', 'The output URL is not valid.');
  const timeoutMs = input.timeoutMs ?? KEEP_OUTPUT_LIMITS.timeoutMs;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'studio-keep-'));
  const file = path.join(dir, 'download');
  try {
    let contentType: string;
    let source: string;
    try {
      const response = await safeFetch(input.url, { maxBytes, timeoutMs, userAgent: 'studio-output-copy/1' });
      if (response.status === 204) {
        response.discard();
        throw new SafeFetchError('http_status', 204);
      }
      await pipeline(response.body, createWriteStream(file));
      contentType = response.headers['content-type'] ?? '';
      source = response.url.pathname;
    } catch (error) {
      if (error instanceof SafeFetchError) throw keepFailure(error, timeoutMs);
      throw new KeepOutputError('network', 'The output download was interrupted.', { cause: error });
    }
    const { size } = await stat(file);
    return await store(input, { file }, decideContentType(contentType, source, await readHead(file)), size);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Marks every stored object of a generation private or public (URLs of S3 objects change with it: see objectUrl). */
export async function setGenerationObjectsPrivacy(db: Db, generationId: string, isPrivate: boolean): Promise<number> {
  const result = await db.storedObject.updateMany({ where: { generationId }, data: { isPrivate } });
  return result.count;
}
