/**
 * Reading an image for the mask editor as a same-origin blob. Our own storage URLs are served by key
 * (privacy respected) without touching the network; anything else goes through the guarded fetch
 * (services/net/safe-fetch) with the proxy's caps, and must be a bitmap image.
 */
import { buffer as streamToBuffer } from 'node:stream/consumers';
import type { Db } from '~/server/db/client';
import { APP_ERRORS, AppError } from '~/server/errors';
import { safeFetch, SafeFetchError, type SafeFetchFailure } from '~/server/services/net/safe-fetch';
import { keyFromStorageUrl } from './index';
import { normaliseContentType } from './media-types';
import { openObjectForViewer } from './serve';

export const IMAGE_PROXY_LIMITS = { maxBytes: 10 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 3 } as const;

export const IMAGE_PROXY_MESSAGES = {
  missingUrl: 'An imageUrl parameter is required.',
  badUrl: 'The image URL is not a valid http(s) URL.',
  // The same words as a generation's image field refused for its address (errors.ts).
  refusedAddress: APP_ERRORS.image_address_refused.message,
  unresolvable: 'The image host could not be found.',
  upstream: 'The image could not be loaded.',
  timeout: 'The image took too long to load.',
  tooLarge: 'The image is too large to load.',
  notImage: 'The URL does not point to an image.',
  tooManyRedirects: 'The image URL redirects too many times.',
  notFound: 'No image was found at this URL.',
} as const;

export type RemoteImageOptions = { maxBytes?: number; timeoutMs?: number; maxRedirects?: number };

export type ProxiedImage = { bytes: Uint8Array; contentType: string; cacheControl: string };

const REMOTE_CACHE_CONTROL = 'private, max-age=300';

/** The guarded fetch's failures, said about an image. */
function imageMessage(reason: SafeFetchFailure, status: number | undefined): string {
  switch (reason) {
    case 'bad_url':
      return IMAGE_PROXY_MESSAGES.badUrl;
    case 'refused_address':
      return IMAGE_PROXY_MESSAGES.refusedAddress;
    case 'unresolvable':
      return IMAGE_PROXY_MESSAGES.unresolvable;
    case 'too_many_redirects':
      return IMAGE_PROXY_MESSAGES.tooManyRedirects;
    case 'http_status':
      return `${IMAGE_PROXY_MESSAGES.upstream} (HTTP ${status})`;
    case 'too_large':
      return IMAGE_PROXY_MESSAGES.tooLarge;
    case 'timeout':
      return IMAGE_PROXY_MESSAGES.timeout;
    case 'network':
      return IMAGE_PROXY_MESSAGES.upstream;
  }
}

function isPassableImageType(contentType: string): boolean {
  // SVG is refused: it is a document that can carry scripts, not a bitmap for the canvas.
  return contentType.startsWith('image/') && contentType !== 'image/svg+xml';
}

/** Fetches a remote image under the proxy's rules. */
export async function fetchRemoteImage(rawUrl: string, options: RemoteImageOptions = {}): Promise<{ body: Buffer; contentType: string }> {
  try {
    const response = await safeFetch(rawUrl, {
      maxBytes: options.maxBytes ?? IMAGE_PROXY_LIMITS.maxBytes,
      timeoutMs: options.timeoutMs ?? IMAGE_PROXY_LIMITS.timeoutMs,
      maxRedirects: options.maxRedirects ?? IMAGE_PROXY_LIMITS.maxRedirects,
      accept: 'image/*',
      userAgent: 'studio-image-proxy/1',
    });
    const contentType = normaliseContentType(response.headers['content-type']);
    if (!isPassableImageType(contentType)) {
      response.discard();
      throw new AppError('unsupported_media_type', IMAGE_PROXY_MESSAGES.notImage);
    }
    return { body: await response.buffer(), contentType };
  } catch (error) {
    if (error instanceof SafeFetchError) throw new AppError(error.code, imageMessage(error.reason, error.status), { cause: error });
    throw error;
  }
}

export type ProxyImageInput = {
  imageUrl: string | undefined;
  db: Db;
  /** The signed-in viewer's id, or null. */
  viewerId: string | null;
  /** Origins that also count as ours (e.g. the origin the request came in on). */
  ownOrigins?: readonly string[];
};

function asBytes(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** Our own object by key when the URL is ours, else the remote image under the proxy's rules. */
export async function proxyImage(input: ProxyImageInput, options: RemoteImageOptions = {}): Promise<ProxiedImage> {
  const imageUrl = input.imageUrl?.trim();
  if (!imageUrl) throw new AppError('validation_failed', IMAGE_PROXY_MESSAGES.missingUrl);
  const key = keyFromStorageUrl(imageUrl, input.ownOrigins);
  if (key) {
    const object = await openObjectForViewer(input.db, key, async () => input.viewerId);
    if (!object) throw new AppError('not_found', IMAGE_PROXY_MESSAGES.notFound);
    if (!isPassableImageType(normaliseContentType(object.contentType))) {
      object.body.destroy();
      throw new AppError('unsupported_media_type', IMAGE_PROXY_MESSAGES.notImage);
    }
    return { bytes: asBytes(await streamToBuffer(object.body)), contentType: object.contentType, cacheControl: object.cacheControl };
  }
  const remote = await fetchRemoteImage(imageUrl, options);
  return { bytes: asBytes(remote.body), contentType: remote.contentType, cacheControl: REMOTE_CACHE_CONTROL };
}
