/**
 * Keeping outputs: provider result URLs expire, so the generation engine copies every output into our
 * storage when it arrives (streamed to a temporary file with a size cap and a timeout), records it as
 * the generation owner's object (private when the generation is) and, for images, stores a 384 px
 * WebP thumbnail beside it so galleries load fast.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { getDb, type Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { isBlockedAddress, isLoopbackAddress } from './address-policy';
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
  fetch?: typeof fetch;
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

/**
 * Copies a provider output (http(s) or data: URL) into our storage and returns where it now lives.
 * Throws KeepOutputError (nothing stored) on a bad URL, a non-2xx answer, more than maxBytes or
 * more than timeoutMs.
 */
const MAX_OUTPUT_REDIRECTS = 3;
let loopbackOutputsAllowed = false;

/** Tests only: the provider fakes serve their outputs from 127.0.0.1. */
export function allowLoopbackOutputsForTests(allowed: boolean): void {
  loopbackOutputsAllowed = allowed;
}

type PinnedAddress = { address: string; family: 4 | 6 };

/**
 * Output URLs come from a provider's answer, which can echo user text: never let one make the
 * server fetch its own network (loopback, private, link-local, metadata addresses). Returns the
 * vetted address, which the request then connects to (no second DNS answer can swap it).
 */
async function assertPublicHost(url: URL): Promise<PinnedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  const addresses: PinnedAddress[] = literal
    ? [{ address: host, family: literal === 6 ? 6 : 4 }]
    : (await lookup(host, { all: true }).catch(() => [])).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
  if (addresses.length === 0) throw new KeepOutputError('network', 'The output host could not be resolved.');
  for (const { address } of addresses) {
    if (isBlockedAddress(address) && !(loopbackOutputsAllowed && isLoopbackAddress(address))) {
      throw new KeepOutputError('bad_url', 'The output URL points to a private network address.');
    }
  }
  return addresses[0]!;
}

/** A GET that connects to the vetted address only, answered as a web Response. */
async function requestPinned(url: URL, target: PinnedAddress, signal: AbortSignal): Promise<Response> {
  const transport = url.protocol === 'https:' ? https : http;
  const lookupPinned = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
  const incoming = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = transport.request(url, { method: 'GET', agent: false, lookup: lookupPinned, signal, headers: { 'user-agent': 'studio-output-copy/1' } });
    request.on('response', resolve);
    request.on('error', reject);
    request.end();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  const status = incoming.statusCode ?? 502;
  const body = status === 204 || status === 304 ? null : (Readable.toWeb(incoming) as unknown as ReadableStream<Uint8Array>);
  return new Response(body, { status, headers });
}

/** Follows redirects by hand so every hop is checked (an injected fetch brings its own network). */
async function fetchPublic(fetchImpl: typeof fetch | undefined, start: URL, signal: AbortSignal): Promise<Response> {
  let url = start;
  for (let hop = 0; ; hop += 1) {
    const response = fetchImpl ? await fetchImpl(url, { signal, redirect: 'manual' }) : await requestPinned(url, await assertPublicHost(url), signal);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel().catch(() => undefined);
      if (hop >= MAX_OUTPUT_REDIRECTS) throw new KeepOutputError('http_status', 'The output URL redirected too many times.');
      url = new URL(location, url);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new KeepOutputError('bad_url', 'The output URL is not an http(s) URL.');
      continue;
    }
    return response;
  }
}

export async function keepRemoteOutput(input: KeepRemoteOutputInput): Promise<KeptOutput> {
  const maxBytes = input.maxBytes ?? KEEP_OUTPUT_LIMITS.maxBytes;
  if (input.url.startsWith('data:')) {
    const { buffer, contentType } = parseDataUrl(input.url, maxBytes);
    return storeGeneratedFile({ ...input, buffer, contentType });
  }
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    throw new KeepOutputError('bad_url', 'The output URL is not valid.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new KeepOutputError('bad_url', 'The output URL is not an http(s) URL.');

  const controller = new AbortController();
  const timeoutMs = input.timeoutMs ?? KEEP_OUTPUT_LIMITS.timeoutMs;
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'studio-keep-'));
  const file = path.join(dir, 'download');
  try {
    let response: Response;
    try {
      response = await fetchPublic(input.fetch, url, controller.signal);
    } catch (error) {
      if (error instanceof KeepOutputError) throw error;
      if (controller.signal.aborted) throw new KeepOutputError('timeout', `The output took longer than ${timeoutMs} ms to download.`);
      throw new KeepOutputError('network', 'The output could not be downloaded.', { cause: error });
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      throw new KeepOutputError('http_status', `The output could not be downloaded (HTTP ${response.status}).`);
    }
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      throw new KeepOutputError('too_large', 'The output file is too large to keep.');
    }
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > maxBytes) callback(new KeepOutputError('too_large', 'The output file is too large to keep.'));
        else callback(null, chunk);
      },
    });
    try {
      await pipeline(Readable.fromWeb(response.body as never), counter, createWriteStream(file));
    } catch (error) {
      const timedOut = controller.signal.aborted;
      controller.abort(); // closes the connection when we stopped reading (too large)
      if (error instanceof KeepOutputError) throw error;
      if (timedOut) throw new KeepOutputError('timeout', `The output took longer than ${timeoutMs} ms to download.`);
      throw new KeepOutputError('network', 'The output download was interrupted.', { cause: error });
    }
    clearTimeout(timer);
    const contentType = decideContentType(response.headers.get('content-type') ?? '', url.pathname, await readHead(file));
    return await store(input, { file }, contentType, size);
  } finally {
    clearTimeout(timer);
    await rm(dir, { recursive: true, force: true });
  }
}

/** Marks every stored object of a generation private or public (URLs of S3 objects change with it: see objectUrl). */
export async function setGenerationObjectsPrivacy(db: Db, generationId: string, isPrivate: boolean): Promise<number> {
  const result = await db.storedObject.updateMany({ where: { generationId }, data: { isPrivate } });
  return result.count;
}
