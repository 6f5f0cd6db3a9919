/**
 * Transport shared by the Replicate and fal clients: a `fetch` wrapper handed to each SDK that turns
 * every HTTP failure, network failure and timeout into a ProviderError, our own retry policy, and
 * per-request deadlines.
 *
 * Why the wrapper throws instead of letting the SDKs handle errors:
 * - `replicate` 1.4 retries 429 (and 5xx on GET) up to 5 times with no delay (its backoff never
 *   sleeps) and also swallows and retries every thrown error; its ApiError carries only a message.
 * - `@fal-ai/client` 1.10 retries with 1 s..30 s backoff (status: 5 retries incl. 500, ~31 s) and
 *   its per-call retry options cannot be overridden from the client config.
 * Throwing a ProviderError from `fetch` stops fal's loop at once (it is neither an ApiError nor a
 * transport error); for Replicate, repeated attempts of the same request (same `init` object) are
 * answered with the first failure without touching the network. Retries are then ours (below).
 */
import { isProviderError, ProviderError, type ProviderErrorKind } from './types';

export type ProviderName = 'replicate' | 'fal';

const LABEL: Record<ProviderName, string> = { replicate: 'Replicate', fal: 'fal' };

export const DEFAULT_TIMEOUT_MS = 30_000;

export type RetryPolicy = {
  /** Total attempts per call (1 = no retry). Default 3. */
  attempts?: number;
  /** First backoff delay; doubles each retry (with jitter). Default 500 ms. */
  baseDelayMs?: number;
  /** Cap for a backoff delay and for a Retry-After the provider asks for. Default 5 s. */
  maxDelayMs?: number;
};

export type FetchLike = typeof fetch;

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

type FalDetailItem = { loc?: unknown; msg?: unknown };

/** fal validation errors: `detail: [{loc:['body','prompt'], msg:'field required'}]`. */
function formatDetailArray(items: unknown[]): string {
  return items
    .map((item) => {
      if (typeof item === 'string') return item;
      const { loc, msg } = (item ?? {}) as FalDetailItem;
      const path = Array.isArray(loc) ? loc.filter((p) => p !== 'body').join('.') : '';
      const text = typeof msg === 'string' ? msg : JSON.stringify(item);
      return path ? `${path}: ${text}` : text;
    })
    .join('; ');
}

/** The human text of a provider error body (Replicate problem+json `detail`, fal `detail`/`message`/`error`). */
export function detailFromBody(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined;
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  for (const key of ['detail', 'message', 'error', 'title']) {
    const value = record[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (Array.isArray(value) && value.length > 0) return formatDetailArray(value);
  }
  return undefined;
}

export function kindForStatus(status: number): ProviderErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 500 || status === 408) return 'server';
  return 'client';
}

export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** Builds the ProviderError for a non-2xx response (reads its body). */
export async function errorFromResponse(provider: ProviderName, response: Response): Promise<ProviderError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // The body broke off; the status is enough.
  }
  let body: unknown = text || undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (an HTML error page from a proxy, say).
    }
  }
  const status = response.status;
  const detail =
    detailFromBody(body) ?? (response.statusText ? `${status} ${response.statusText}` : `HTTP ${status}`);
  const errorType =
    response.headers.get('x-fal-error-type') ??
    (body && typeof body === 'object' && typeof (body as Record<string, unknown>).error_type === 'string'
      ? ((body as Record<string, unknown>).error_type as string)
      : undefined);
  return new ProviderError(detail.length > 2000 ? `${detail.slice(0, 2000)}…` : detail, isRetryableStatus(status), status, {
    kind: kindForStatus(status),
    provider,
    body,
    errorType,
    retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
  });
}

function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    const nested = (current as { errors?: unknown }).errors; // AggregateError (happy eyeballs)
    if (Array.isArray(nested)) for (const e of nested) codes.push(...codesOf(e));
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * Maps anything thrown around a provider call to a ProviderError. `attachCause` is false inside
 * the fetch wrapper: fal's retry loop walks `cause` chains looking for transport error codes.
 */
export function toProviderError(provider: ProviderName, error: unknown, attachCause = true): ProviderError {
  if (isProviderError(error)) return error;
  const label = LABEL[provider];
  const cause = attachCause ? error : undefined;
  const name = error && typeof error === 'object' ? (error as { name?: unknown }).name : undefined;
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new ProviderError(`${label} request timed out.`, true, undefined, { kind: 'timeout', provider, cause });
  }
  const codes = codesOf(error);
  if (codes.some((c) => UNREACHABLE_CODES.has(c))) {
    return new ProviderError(`${label} is unreachable (${codes.join(', ')}).`, true, undefined, { kind: 'unreachable', provider, cause });
  }
  if (error instanceof TypeError && /fetch failed|network|socket|terminated/i.test(message)) {
    const suffix = codes.length > 0 ? ` (${codes.join(', ')})` : '';
    return new ProviderError(`${label} connection failed${suffix}.`, true, undefined, { kind: 'network', provider, cause });
  }
  if (codes.some((c) => c.startsWith('UND_ERR') || c.startsWith('ECONN') || c === 'EPIPE')) {
    return new ProviderError(`${label} connection failed (${codes.join(', ')}).`, true, undefined, { kind: 'network', provider, cause });
  }
  if (error instanceof SyntaxError) {
    return new ProviderError(`${label} sent an unreadable response.`, true, undefined, { kind: 'invalid_response', provider, cause });
  }
  return new ProviderError(message || `${label} request failed.`, false, undefined, { kind: 'client', provider, cause });
}

export type GuardedFetchOptions = {
  provider: ProviderName;
  fetch?: FetchLike;
  /** Rewrites the request URL (fal: point the SDK's hosts at a configured base URL). */
  rewrite?: (url: URL) => { url: URL; headers?: Record<string, string> } | undefined;
  /** Answer repeated attempts of the same request (same init object) with the first failure. */
  dedupeRetries?: boolean;
};

/** A fetch for an SDK: non-2xx answers, network failures and timeouts throw ProviderError. */
export function createGuardedFetch(options: GuardedFetchOptions): FetchLike {
  const base: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const failures = new WeakMap<object, ProviderError>();
  const guarded = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (options.dedupeRetries && init) {
      const earlier = failures.get(init);
      if (earlier) throw earlier;
    }
    let target: RequestInfo | URL = input;
    let finalInit = init;
    if (options.rewrite) {
      const original = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const rewritten = options.rewrite(original);
      if (rewritten) {
        target = rewritten.url;
        if (rewritten.headers) {
          const headers = new Headers(init?.headers);
          for (const [k, v] of Object.entries(rewritten.headers)) headers.set(k, v);
          finalInit = { ...init, headers };
        }
      }
    }
    let failure: ProviderError;
    try {
      const response = await base(target, finalInit);
      if (response.ok) return response;
      failure = await errorFromResponse(options.provider, response);
    } catch (error) {
      failure = toProviderError(options.provider, error, false);
    }
    if (options.dedupeRetries && init) failures.set(init, failure);
    throw failure;
  };
  return guarded as FetchLike;
}

export type Operation = 'submit' | 'get' | 'cancel';

/**
 * Whether a failed call is retried here. get/cancel are idempotent: retried on 429, 5xx and broken
 * connections (not on our own timeout: that already waited long). submit is retried only when the
 * provider surely did not take the job (429, connection refused), so a job is never created twice.
 */
export function shouldRetry(operation: Operation, error: ProviderError): boolean {
  if (!error.retryable) return false;
  if (operation === 'submit') return error.kind === 'rate_limited' || error.kind === 'unreachable';
  return error.kind !== 'timeout';
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function withRetries<T>(
  provider: ProviderName,
  operation: Operation,
  policy: RetryPolicy | undefined,
  run: () => Promise<T>,
): Promise<T> {
  const attempts = Math.max(1, Math.floor(policy?.attempts ?? 3));
  const base = Math.max(0, policy?.baseDelayMs ?? 500);
  const max = Math.max(0, policy?.maxDelayMs ?? 5_000);
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (raw) {
      const error = toProviderError(provider, raw);
      if (attempt >= attempts || !shouldRetry(operation, error)) throw error;
      const backoff = base * 2 ** (attempt - 1) + Math.random() * (base / 2);
      await sleep(Math.min(max, error.retryAfterMs ?? backoff));
    }
  }
}

/** A fresh deadline signal per attempt. */
export function deadline(ms: number): AbortSignal {
  return AbortSignal.timeout(Math.max(1, ms));
}

/** Ids go into URL paths: accept only the characters providers use (base32 ids, UUIDs). */
export function assertSafeJobId(provider: ProviderName, jobId: string): void {
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(jobId)) {
    throw new ProviderError(`Invalid ${LABEL[provider]} job id.`, false, undefined, { kind: 'client', provider });
  }
}
