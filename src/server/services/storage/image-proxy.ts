/**
 * GET /api/image-proxy: lets the mask editor read an image as a same-origin blob. Our own storage
 * URLs are served by key (privacy respected) without touching the network. Anything else must be an
 * http(s) URL whose host resolves only to public addresses; the connection is pinned to the vetted
 * address (no second DNS lookup to race), redirects are followed by hand and vetted again, and size,
 * time and content type are capped.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { getEnv } from '~/env';
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { isBlockedAddress, isLoopbackAddress } from './address-policy';
import { keyFromStorageUrl } from './index';
import { normaliseContentType } from './media-types';
import { openObjectForViewer } from './serve';

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Resolves a host name to all its addresses (injectable for tests). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const IMAGE_PROXY_LIMITS = { maxBytes: 10 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 3 } as const;

export const IMAGE_PROXY_MESSAGES = {
  missingUrl: 'An imageUrl parameter is required.',
  badUrl: 'The image URL is not a valid http(s) URL.',
  refusedAddress: 'This image address cannot be loaded.',
  unresolvable: 'The image host could not be found.',
  upstream: 'The image could not be loaded.',
  timeout: 'The image took too long to load.',
  tooLarge: 'The image is too large to load.',
  notImage: 'The URL does not point to an image.',
  tooManyRedirects: 'The image URL redirects too many times.',
  notFound: 'No image was found at this URL.',
} as const;

const systemResolver: Resolver = async (hostname) => {
  const results = await dnsLookup(hostname, { all: true, verbatim: true });
  return results.map((r) => ({ address: r.address, family: r.family === 6 ? 6 : 4 }));
};

let resolverOverride: Resolver | undefined;

/** Tests: resolve host names with this function instead of the system resolver (null restores it). */
export function setImageProxyResolver(resolver: Resolver | null): void {
  resolverOverride = resolver ?? undefined;
}

export type RemoteImageOptions = {
  resolve?: Resolver;
  /** Host names that may resolve to loopback (tests only; env.ts refuses the list in production). */
  allowlist?: readonly string[];
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
};

export type ProxiedImage = { body: Buffer | Readable; contentType: string; size: number; cacheControl: string };

function refuse(): never {
  throw new AppError('forbidden', IMAGE_PROXY_MESSAGES.refusedAddress);
}

function parseTarget(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('validation_failed', IMAGE_PROXY_MESSAGES.badUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError('validation_failed', IMAGE_PROXY_MESSAGES.badUrl);
  return url;
}

/** The one address the request may connect to, or a refusal. */
async function vet(url: URL, resolve: Resolver, allowlist: readonly string[]): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase().replace(/\.$/, '');
  const literal = isIP(host);
  if (literal) {
    // IP literals are never allow-listed: 127.0.0.1 stays refused in tests too.
    if (isBlockedAddress(host)) refuse();
    return { address: host, family: literal === 6 ? 6 : 4 };
  }
  if (host === 'localhost' || host.endsWith('.localhost')) refuse();
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    throw new AppError('provider_error', IMAGE_PROXY_MESSAGES.unresolvable);
  }
  if (addresses.length === 0) throw new AppError('provider_error', IMAGE_PROXY_MESSAGES.unresolvable);
  const allowLoopback = allowlist.includes(host);
  // Every address must pass: a host with one public and one private address is refused.
  for (const { address } of addresses) {
    if (allowLoopback && isLoopbackAddress(address)) continue;
    if (isBlockedAddress(address)) refuse();
  }
  return addresses[0]!;
}

function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
}

function send(url: URL, target: ResolvedAddress, signal: AbortSignal): Promise<IncomingMessage> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(url, {
      method: 'GET',
      agent: false,
      lookup: pinnedLookup(target),
      signal,
      headers: { accept: 'image/*', 'user-agent': 'studio-image-proxy/1' },
    });
    request.on('response', resolve);
    request.on('error', reject);
    request.end();
  });
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response) {
    total += (chunk as Buffer).length;
    if (total > maxBytes) {
      response.destroy();
      throw new AppError('file_too_large', IMAGE_PROXY_MESSAGES.tooLarge);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function isPassableImageType(contentType: string): boolean {
  // SVG is refused: it is a document that can carry scripts, not a bitmap for the canvas.
  return contentType.startsWith('image/') && contentType !== 'image/svg+xml';
}

/** Fetches a remote image under the proxy's rules. */
export async function fetchRemoteImage(rawUrl: string, options: RemoteImageOptions = {}): Promise<{ body: Buffer; contentType: string }> {
  const resolve = options.resolve ?? resolverOverride ?? systemResolver;
  const allowlist = options.allowlist ?? getEnv().imageProxyTestAllowlist.map((h) => h.toLowerCase());
  const maxBytes = options.maxBytes ?? IMAGE_PROXY_LIMITS.maxBytes;
  const maxRedirects = options.maxRedirects ?? IMAGE_PROXY_LIMITS.maxRedirects;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? IMAGE_PROXY_LIMITS.timeoutMs);
  try {
    let url = parseTarget(rawUrl);
    for (let redirects = 0; ; redirects += 1) {
      const target = await vet(url, resolve, allowlist);
      const response = await send(url, target, controller.signal);
      const status = response.statusCode ?? 0;
      if ([301, 302, 303, 307, 308].includes(status) && response.headers.location) {
        response.destroy();
        if (redirects >= maxRedirects) throw new AppError('provider_error', IMAGE_PROXY_MESSAGES.tooManyRedirects);
        url = parseTarget(new URL(response.headers.location, url).href);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.destroy();
        throw new AppError('provider_error', `${IMAGE_PROXY_MESSAGES.upstream} (HTTP ${status})`);
      }
      const contentType = normaliseContentType(response.headers['content-type']);
      if (!isPassableImageType(contentType)) {
        response.destroy();
        throw new AppError('unsupported_media_type', IMAGE_PROXY_MESSAGES.notImage);
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        response.destroy();
        throw new AppError('file_too_large', IMAGE_PROXY_MESSAGES.tooLarge);
      }
      return { body: await readCapped(response, maxBytes), contentType };
    }
  } catch (error) {
    if (controller.signal.aborted && !(error instanceof AppError)) throw new AppError('provider_error', IMAGE_PROXY_MESSAGES.timeout);
    if (error instanceof AppError) throw error;
    throw new AppError('provider_error', IMAGE_PROXY_MESSAGES.upstream, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

export type ProxyImageInput = {
  imageUrl: string | undefined;
  db: Db;
  /** The signed-in viewer's id (asked only for private objects of ours). */
  viewer: () => Promise<string | null>;
  /** Origins that also count as ours (e.g. the origin the request came in on). */
  ownOrigins?: readonly string[];
};

/** Our own object by key when the URL is ours, else the remote image under the proxy's rules. */
export async function proxyImage(input: ProxyImageInput, options: RemoteImageOptions = {}): Promise<ProxiedImage> {
  const imageUrl = input.imageUrl?.trim();
  if (!imageUrl) throw new AppError('validation_failed', IMAGE_PROXY_MESSAGES.missingUrl);
  const key = keyFromStorageUrl(imageUrl, input.ownOrigins);
  if (key) {
    const object = await openObjectForViewer(input.db, key, input.viewer);
    if (!object) throw new AppError('not_found', IMAGE_PROXY_MESSAGES.notFound);
    if (!isPassableImageType(normaliseContentType(object.contentType))) {
      object.body.destroy();
      throw new AppError('unsupported_media_type', IMAGE_PROXY_MESSAGES.notImage);
    }
    return { body: object.body, contentType: object.contentType, size: object.size, cacheControl: object.cacheControl };
  }
  const remote = await fetchRemoteImage(imageUrl, options);
  return { body: remote.body, contentType: remote.contentType, size: remote.body.length, cacheControl: 'private, max-age=300' };
}
