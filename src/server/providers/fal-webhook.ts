/**
 * fal webhooks: Ed25519 signatures against fal's published JWKS.
 *
 * Headers: X-Fal-Webhook-Request-Id, X-Fal-Webhook-User-Id, X-Fal-Webhook-Timestamp (unix seconds),
 * X-Fal-Webhook-Signature (hex). Signed message:
 *   `${requestId}\n${userId}\n${timestamp}\n${sha256hex(rawBody)}`
 * verified against every OKP/Ed25519 key of the JWKS (fal sends no key id). The JWKS URL is
 * configurable (FAL_JWKS_URL; fal's is https://rest.alpha.fal.ai/.well-known/jwks.json) and cached
 * for a few minutes; an unknown signature triggers one refetch (key rotation), at most once a minute.
 *
 * Body: {request_id, gateway_request_id?, status:'OK'|'ERROR', payload, error?, payload_error?}.
 * `reason: 'jwks_unavailable'` is transient: answer 5xx so fal redelivers.
 */
import { createHash, createPublicKey, verify as verifySignature, type KeyObject } from 'node:crypto';
import { falWebhookToJob } from './fal';
import type { ProviderJob } from './types';
import { bodyBytes, nowSeconds, parseUnixSeconds, readHeader, type WebhookHeaders } from './webhook-common';

export type FalWebhookFailureReason =
  | 'missing_headers'
  | 'invalid_timestamp'
  | 'stale_timestamp'
  | 'invalid_signature'
  | 'bad_signature'
  | 'jwks_unavailable'
  | 'invalid_payload'
  | 'request_id_mismatch';

export type FalWebhookBody = {
  request_id: string;
  gateway_request_id?: string;
  status: 'OK' | 'ERROR';
  payload: unknown;
  error?: string;
  payload_error?: string;
};

export type FalWebhookResult =
  | { ok: true; id: string; userId: string; timestamp: number; payload: FalWebhookBody; job: ProviderJob }
  | { ok: false; reason: FalWebhookFailureReason };

export type VerifyFalWebhookOptions = {
  headers: WebhookHeaders;
  rawBody: string | Buffer | Uint8Array;
  jwksUrl: string;
  now?: Date | number;
  toleranceSeconds?: number;
  fetch?: typeof fetch;
  /** How long fetched keys are trusted. Default 5 minutes. */
  cacheTtlMs?: number;
};

/** fetchedAt is on the monotonic clock (performance.now): a wall-clock step must not age or rejuvenate keys. */
type CacheEntry = { keys: KeyObject[]; fetchedAt: number };

const cache = new Map<string, CacheEntry>();
const inflight = new Map<string, Promise<CacheEntry>>();
const REFETCH_COOLDOWN_MS = 60_000;
const JWKS_TIMEOUT_MS = 10_000;

/** Forget cached JWKS (tests; key rotation by hand). */
export function clearFalJwksCache(): void {
  cache.clear();
  inflight.clear();
}

export function parseJwks(document: unknown): KeyObject[] {
  const keys = (document as { keys?: unknown })?.keys;
  if (!Array.isArray(keys)) return [];
  const result: KeyObject[] = [];
  for (const jwk of keys) {
    if (!jwk || typeof jwk !== 'object') continue;
    const { kty, crv, x } = jwk as { kty?: unknown; crv?: unknown; x?: unknown };
    if (kty !== 'OKP' || crv !== 'Ed25519' || typeof x !== 'string') continue;
    try {
      result.push(createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' }));
    } catch {
      // A malformed key: skip it, keep the others.
    }
  }
  return result;
}

async function fetchJwks(url: string, fetchImpl: typeof fetch): Promise<CacheEntry> {
  const pending = inflight.get(url);
  if (pending) return pending;
  const run = (async () => {
    const response = await fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(JWKS_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
    const entry = { keys: parseJwks(await response.json()), fetchedAt: performance.now() };
    cache.set(url, entry);
    return entry;
  })();
  inflight.set(url, run);
  try {
    return await run;
  } finally {
    inflight.delete(url);
  }
}

/**
 * Keys are fresh while younger than the TTL, stale from the moment they reach it: a TTL of 0
 * always refetches, even when the check runs in the same millisecond as the fetch.
 */
function ageMs(entry: CacheEntry): number {
  return performance.now() - entry.fetchedAt;
}

function verifyWithAny(keys: KeyObject[], message: Buffer, signature: Buffer): boolean {
  return keys.some((key) => {
    try {
      return verifySignature(null, message, key, signature);
    } catch {
      return false;
    }
  });
}

export function falSignedMessage(requestId: string, userId: string, timestamp: string | number, rawBody: string | Buffer | Uint8Array): Buffer {
  const digest = createHash('sha256').update(bodyBytes(rawBody)).digest('hex');
  return Buffer.from(`${requestId}\n${userId}\n${timestamp}\n${digest}`, 'utf8');
}

export async function verifyFalWebhook(options: VerifyFalWebhookOptions): Promise<FalWebhookResult> {
  const { headers, rawBody, jwksUrl, now, toleranceSeconds = 300, cacheTtlMs = 5 * 60_000 } = options;
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const requestId = readHeader(headers, 'x-fal-webhook-request-id')?.trim();
  const userId = readHeader(headers, 'x-fal-webhook-user-id')?.trim();
  const timestampHeader = readHeader(headers, 'x-fal-webhook-timestamp')?.trim();
  const signatureHex = readHeader(headers, 'x-fal-webhook-signature')?.trim();
  if (!requestId || !userId || !timestampHeader || !signatureHex) return { ok: false, reason: 'missing_headers' };

  const timestamp = parseUnixSeconds(timestampHeader);
  if (timestamp === undefined) return { ok: false, reason: 'invalid_timestamp' };
  if (Math.abs(nowSeconds(now) - timestamp) > toleranceSeconds) return { ok: false, reason: 'stale_timestamp' };

  // The one spelling fal writes (lowercase hex): the same signature bytes in capitals are another text.
  if (!/^[0-9a-f]{128}$/.test(signatureHex)) return { ok: false, reason: 'invalid_signature' };
  const signature = Buffer.from(signatureHex, 'hex');
  const message = falSignedMessage(requestId, userId, timestampHeader, rawBody);

  let entry = cache.get(jwksUrl);
  try {
    if (!entry || ageMs(entry) >= cacheTtlMs) entry = await fetchJwks(jwksUrl, fetchImpl);
  } catch {
    if (!entry) return { ok: false, reason: 'jwks_unavailable' };
    // Keep using the expired keys when the JWKS is briefly unreachable.
  }
  let valid = verifyWithAny(entry.keys, message, signature);
  if (!valid && ageMs(entry) >= REFETCH_COOLDOWN_MS) {
    try {
      entry = await fetchJwks(jwksUrl, fetchImpl);
      valid = verifyWithAny(entry.keys, message, signature);
    } catch {
      // Fall through: not verified.
    }
  }
  if (!valid) return { ok: false, reason: 'bad_signature' };

  let body: unknown;
  try {
    body = JSON.parse(bodyBytes(rawBody).toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid_payload' };
  }
  const parsed = body as Partial<FalWebhookBody> | null;
  if (!parsed || typeof parsed !== 'object' || (parsed.status !== 'OK' && parsed.status !== 'ERROR')) {
    return { ok: false, reason: 'invalid_payload' };
  }
  if (parsed.request_id !== requestId) return { ok: false, reason: 'request_id_mismatch' };
  return { ok: true, id: requestId, userId, timestamp, payload: parsed as FalWebhookBody, job: falWebhookToJob(parsed) };
}
