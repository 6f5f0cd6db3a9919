/**
 * The one guarded fetch for URLs that come from outside (an image URL a person pastes, an output URL
 * in a provider's answer, which can echo user text, a developer's callback endpoint): the server
 * must never be made to reach its own network. Only http(s); the host must resolve only to public addresses (address-policy); the
 * connection is pinned to the vetted address (no second DNS answer can swap it); every redirect hop
 * is vetted again; the body is capped in bytes and the whole exchange, body included, in time.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { getEnv } from '~/env';
import { AppError, type AppErrorCode } from '~/server/errors';
import { isBlockedAddress, isLoopbackAddress } from './address-policy';

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Resolves a host name to all its addresses. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type SafeFetchFailure =
  | 'bad_url'
  | 'refused_address'
  | 'unresolvable'
  | 'too_many_redirects'
  | 'http_status'
  | 'too_large'
  | 'timeout'
  | 'network';

/** What each failure is to a caller that lets it through unchanged (callers usually say it their way). */
const FAILURES: Record<SafeFetchFailure, { code: AppErrorCode; message: string }> = {
  bad_url: { code: 'validation_failed', message: 'The URL is not a valid http(s) URL.' },
  refused_address: { code: 'forbidden', message: 'This address cannot be fetched.' },
  unresolvable: { code: 'provider_error', message: 'The host could not be found.' },
  too_many_redirects: { code: 'provider_error', message: 'The URL redirects too many times.' },
  http_status: { code: 'provider_error', message: 'The server answered with an error.' },
  too_large: { code: 'file_too_large', message: 'The file is too large.' },
  timeout: { code: 'provider_error', message: 'The server took too long to answer.' },
  network: { code: 'provider_error', message: 'The file could not be downloaded.' },
};

/** A refused or failed guarded fetch; `reason` says which rule, `status` the upstream HTTP status. */
export class SafeFetchError extends AppError {
  constructor(
    readonly reason: SafeFetchFailure,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(FAILURES[reason].code, FAILURES[reason].message, options);
    this.name = 'SafeFetchError';
  }
}

export type SafeFetchOptions = {
  maxBytes: number;
  /** For the whole exchange: connection, every redirect and the body. */
  timeoutMs: number;
  maxRedirects?: number;
  accept?: string;
  userAgent: string;
  /** GET unless said; a POST sends `body` with `headers`. */
  method?: 'GET' | 'POST';
  body?: Buffer;
  headers?: Readonly<Record<string, string>>;
  /** `host:port` entries the operator named (CALLBACK_ALLOW_HOSTS): these may reach loopback and private addresses. */
  allowHosts?: readonly string[];
  /** Answers a non-2xx status instead of refusing it, for a caller that records whatever was said. */
  anyStatus?: boolean;
};

export type SafeResponse = {
  /** Where the answer came from, after redirects. */
  url: URL;
  status: number;
  headers: IncomingMessage['headers'];
  /** The body, capped at maxBytes and bounded by the deadline; it fails with SafeFetchError. */
  body: Readable;
  /** Reads the whole body into memory. */
  buffer(): Promise<Buffer>;
  /** Releases the connection without reading the body (when the caller refuses the answer). */
  discard(): void;
};

export const DEFAULT_MAX_REDIRECTS = 3;

type TestNetwork = {
  /** Host names or IP literals that may reach loopback addresses (the tests' local servers). */
  loopbackHosts?: readonly string[];
  /** Resolves host names instead of the system resolver (fake names for the tests' servers). */
  resolve?: Resolver;
};

let testNetwork: TestNetwork | undefined;

/**
 * Tests only, the one switch: lets the named hosts reach loopback test servers and/or resolves
 * names with a test resolver (null restores the real rules). Refused in production.
 */
export function setSafeFetchTestNetwork(network: TestNetwork | null): void {
  if (network && getEnv().production) throw new Error('The safe-fetch test network is for tests only.');
  testNetwork = network ?? undefined;
}

const systemResolver: Resolver = async (hostname) => {
  const results = await dnsLookup(hostname, { all: true, verbatim: true });
  return results.map((r) => ({ address: r.address, family: r.family === 6 ? 6 : 4 }));
};

export function parseHttpUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new SafeFetchError('bad_url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SafeFetchError('bad_url');
  return url;
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase().replace(/\.$/, '');
}

/** Whether the URL's `host:port` (the scheme's port when none is written) is one of `allowHosts`. */
export function isAllowedHost(url: URL, allowHosts: readonly string[]): boolean {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowHosts.includes(`${hostOf(url)}:${port}`);
}

/** The one address the request may connect to, or a refusal. */
async function vet(url: URL, allowHosts: readonly string[] = []): Promise<ResolvedAddress> {
  const host = hostOf(url);
  const named = isAllowedHost(url, allowHosts);
  const loopbackAllowed = named || (testNetwork?.loopbackHosts?.some((h) => h.toLowerCase() === host) ?? false);
  const passes = (address: string) => named || !isBlockedAddress(address) || (loopbackAllowed && isLoopbackAddress(address));
  const literal = isIP(host);
  if (literal) {
    if (!passes(host)) throw new SafeFetchError('refused_address');
    return { address: host, family: literal === 6 ? 6 : 4 };
  }
  if ((host === 'localhost' || host.endsWith('.localhost')) && !loopbackAllowed) throw new SafeFetchError('refused_address');
  let addresses: ResolvedAddress[];
  try {
    addresses = await (testNetwork?.resolve ?? systemResolver)(host);
  } catch (error) {
    throw new SafeFetchError('unresolvable', undefined, { cause: error });
  }
  if (addresses.length === 0) throw new SafeFetchError('unresolvable');
  // Every address must pass: a host with one public and one private address is refused.
  if (!addresses.every(({ address }) => passes(address))) throw new SafeFetchError('refused_address');
  return addresses[0]!;
}

/**
 * The address policy alone, with nothing sent: refuses (SafeFetchError 'refused_address') a URL
 * the guarded fetch would refuse to connect to, so a request naming one can be turned down before
 * anything is charged or handed to a provider. It decides only what it can: a lookup that fails
 * or takes longer than `timeoutMs` refuses nothing (whoever fetches the URL later vets it again,
 * and a name that does not resolve is the network's failure, not the caller's).
 */
export async function assertAllowedAddress(rawUrl: string, options: { timeoutMs: number; allowHosts?: readonly string[] }): Promise<void> {
  const url = parseHttpUrl(rawUrl);
  let timer: NodeJS.Timeout | undefined;
  const undecided = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, options.timeoutMs);
  });
  try {
    await Promise.race([
      vet(url, options.allowHosts).then(
        () => undefined,
        (error: unknown) => {
          if (error instanceof SafeFetchError && error.reason === 'refused_address') throw error;
        },
      ),
      undecided,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
}

function send(url: URL, target: ResolvedAddress, signal: AbortSignal, options: SafeFetchOptions): Promise<IncomingMessage> {
  const transport = url.protocol === 'https:' ? https : http;
  const headers: Record<string, string> = { ...options.headers, 'user-agent': options.userAgent };
  if (options.accept) headers.accept = options.accept;
  if (options.body) headers['content-length'] = String(options.body.length);
  return new Promise((resolve, reject) => {
    const request = transport.request(url, { method: options.method ?? 'GET', agent: false, lookup: pinnedLookup(target), signal, headers });
    request.on('response', resolve);
    request.on('error', reject);
    request.end(options.body);
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * A request to an outside URL under the rules above. Throws SafeFetchError; a non-2xx answer is one
 * unless `anyStatus`, and a redirect past `maxRedirects` always is (with its status).
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions): Promise<SafeResponse> {
  let url = parseHttpUrl(rawUrl);
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const translate = (error: unknown): SafeFetchError => {
    if (error instanceof SafeFetchError) return error;
    return new SafeFetchError(timedOut ? 'timeout' : 'network', undefined, { cause: error });
  };
  let incoming: IncomingMessage | undefined;
  const release = () => {
    clearTimeout(timer);
    incoming?.destroy();
  };
  try {
    for (let redirects = 0; ; redirects += 1) {
      incoming = await send(url, await vet(url, options.allowHosts), controller.signal, options);
      const status = incoming.statusCode ?? 0;
      const location = incoming.headers.location;
      if (REDIRECTS.has(status) && location) {
        incoming.destroy();
        if (redirects >= maxRedirects) throw new SafeFetchError('too_many_redirects', status);
        url = parseHttpUrl(location, url);
        continue;
      }
      if ((status < 200 || status >= 300) && !options.anyStatus) throw new SafeFetchError('http_status', status);
      const declared = Number(incoming.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) throw new SafeFetchError('too_large', status);
      break;
    }
  } catch (error) {
    release();
    throw translate(error);
  }
  const source = incoming;
  async function* capped(): AsyncGenerator<Buffer> {
    let total = 0;
    try {
      for await (const chunk of source) {
        total += (chunk as Buffer).length;
        if (total > options.maxBytes) throw new SafeFetchError('too_large', source.statusCode);
        yield chunk as Buffer;
      }
    } catch (error) {
      throw translate(error);
    } finally {
      release();
    }
  }
  const body = Readable.from(capped(), { objectMode: false });
  return {
    url,
    status: source.statusCode ?? 200,
    headers: source.headers,
    body,
    async buffer() {
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    discard() {
      release();
      body.destroy();
    },
  };
}
