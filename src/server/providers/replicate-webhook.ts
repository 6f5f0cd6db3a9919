/**
 * Replicate webhooks follow Standard Webhooks:
 *   webhook-id: msg_...   webhook-timestamp: unix seconds
 *   webhook-signature: "v1,<base64 HMAC-SHA256(key, `${id}.${timestamp}.${body}`)>" (space-separated list)
 * where key = base64-decode(secret without its 'whsec_' prefix). Unlike the SDK's validateWebhook,
 * this also enforces a timestamp window (replays of old deliveries are refused) and compares the
 * signature as the exact text we would write, in constant time. The body must be the raw bytes
 * received (Next's body parser off).
 *
 * Replays inside the window verify again with the same `id`: deduplicate on it (or make the state
 * change idempotent) in the caller.
 */
import { createHmac } from 'node:crypto';
import { isStorableText } from '~/catalogue';
import { sameText } from '~/server/crypto/same-text';
import { predictionToJob } from './replicate';
import type { ProviderJob } from './types';
import { bodyBytes, nowSeconds, parseUnixSeconds, readHeader, type WebhookHeaders } from './webhook-common';

export type WebhookFailureReason =
  | 'missing_headers'
  | 'invalid_timestamp'
  | 'stale_timestamp'
  | 'invalid_secret'
  | 'bad_signature'
  | 'invalid_payload';

export type ReplicateWebhookResult =
  | { ok: true; id: string; timestamp: number; payload: unknown; job: ProviderJob }
  | { ok: false; reason: WebhookFailureReason };

export type VerifyReplicateWebhookOptions = {
  headers: WebhookHeaders;
  rawBody: string | Buffer | Uint8Array;
  /** 'whsec_<base64>' as Replicate shows it (GET /v1/webhooks/default/secret). */
  secret: string;
  now?: Date | number;
  toleranceSeconds?: number;
};

export function decodeWebhookSecret(secret: string): Buffer | undefined {
  const encoded = secret.trim().replace(/^whsec_/, '');
  if (!encoded || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return undefined;
  const key = Buffer.from(encoded, 'base64');
  return key.length > 0 ? key : undefined;
}

/** The `v1,<base64>` signature of a message (used by the verifier and by test doubles). */
export function signStandardWebhook(secret: string, id: string, timestamp: number | string, rawBody: string | Buffer | Uint8Array): string {
  const key = decodeWebhookSecret(secret);
  if (!key) throw new Error('Invalid webhook secret.');
  const mac = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(bodyBytes(rawBody)).digest('base64');
  return `v1,${mac}`;
}

export function verifyReplicateWebhook(options: VerifyReplicateWebhookOptions): ReplicateWebhookResult {
  const { headers, rawBody, secret, now, toleranceSeconds = 300 } = options;
  const id = readHeader(headers, 'webhook-id')?.trim();
  const timestampHeader = readHeader(headers, 'webhook-timestamp')?.trim();
  const signatureHeader = readHeader(headers, 'webhook-signature')?.trim();
  if (!id || !timestampHeader || !signatureHeader) return { ok: false, reason: 'missing_headers' };

  const timestamp = parseUnixSeconds(timestampHeader);
  if (timestamp === undefined) return { ok: false, reason: 'invalid_timestamp' };

  const key = decodeWebhookSecret(secret);
  if (!key) return { ok: false, reason: 'invalid_secret' };

  const body = bodyBytes(rawBody);
  // The one spelling Standard Webhooks writes (standard alphabet, padded), compared as text: a
  // decoded comparison let other spellings of the same MAC through (extra characters, no padding,
  // the URL-safe alphabet).
  const expected = createHmac('sha256', key).update(`${id}.${timestampHeader}.`).update(body).digest('base64');
  let matched = false;
  for (const entry of signatureHeader.split(' ')) {
    const comma = entry.indexOf(',');
    if (comma < 0 || entry.slice(0, comma) !== 'v1') continue;
    if (sameText(expected, entry.slice(comma + 1))) matched = true;
  }
  if (!matched) return { ok: false, reason: 'bad_signature' };

  if (Math.abs(nowSeconds(now) - timestamp) > toleranceSeconds) return { ok: false, reason: 'stale_timestamp' };

  let payload: unknown;
  try {
    payload = JSON.parse(body.toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid_payload' };
  }
  const prediction = payload as { id?: unknown; status?: unknown };
  // The id is looked up in the database: text PostgreSQL cannot hold (a NUL) is a broken payload.
  if (!prediction || typeof prediction !== 'object' || typeof prediction.id !== 'string' || !prediction.id || !isStorableText(prediction.id) || typeof prediction.status !== 'string') {
    return { ok: false, reason: 'invalid_payload' };
  }
  return {
    ok: true,
    id,
    timestamp,
    payload,
    job: predictionToJob(payload as Parameters<typeof predictionToJob>[0]),
  };
}
