/**
 * The Standard Webhooks scheme (standardwebhooks.com): an endpoint's secret is `whsec_` and the
 * base64 of random bytes; each request carries `webhook-id`, `webhook-timestamp` (Unix seconds) and
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed by the decoded bytes.
 */
import { createHmac, randomBytes } from 'node:crypto';

const SECRET_MARK = 'whsec_';
/** The scheme takes 24 to 64 bytes. */
const SECRET_BYTES = 32;

export function newCallbackSecret(): string {
  return `${SECRET_MARK}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

export function signatureOf(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_MARK.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The headers of one attempt, signed at the moment it is sent. */
export function signedHeaders(secret: string, id: string, body: string, now: number = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureOf(secret, id, timestamp, body),
  };
}

/** A delivery's id, which is the webhook-id of all its attempts. */
export function newDeliveryId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}
