/**
 * Signed PUT URLs of the local driver: an HMAC-SHA256 over method, key, content type, exact size and
 * expiry, with a key derived from the app secret (so it is never the session-signing key itself).
 */
import { createHmac } from 'node:crypto';
import { getEnv } from '~/env';
// Compared as the text they are, not as the bytes they decode to (same-text.ts says why).
import { sameText as sameSignature } from '~/server/crypto/same-text';

/** size null: a URL signed without a size (any size up to the upload limit, checked on arrival). */
export type LocalUploadGrant = { key: string; contentType: string; size: number | null; expires: number };

const derived = new Map<string, Buffer>();

function uploadSigningKey(): Buffer {
  const secret = getEnv().secret;
  let key = derived.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('studio/local-storage/upload-url/v1').digest();
    derived.set(secret, key);
  }
  return key;
}

function payload(grant: LocalUploadGrant): string {
  return ['PUT', grant.key, grant.contentType, grant.size === null ? 'any' : String(grant.size), String(grant.expires)].join('\n');
}

export function signLocalUpload(grant: LocalUploadGrant): string {
  return createHmac('sha256', uploadSigningKey()).update(payload(grant)).digest('base64url');
}

export function verifyLocalUploadSignature(grant: LocalUploadGrant, signature: string): boolean {
  return sameSignature(signLocalUpload(grant), signature);
}

/**
 * Signed read URLs: let a hosted provider fetch one private object (an input of a private
 * generation) for a limited time, without a session. A separate derived key from the uploads'.
 */
export type ReadGrant = { key: string; expires: number };

let readKey: { secret: string; key: Buffer } | undefined;

function readSigningKey(): Buffer {
  const secret = getEnv().secret;
  if (readKey?.secret !== secret) readKey = { secret, key: createHmac('sha256', secret).update('studio/storage/read-url/v1').digest() };
  return readKey.key;
}

export function signRead(grant: ReadGrant): string {
  return createHmac('sha256', readSigningKey()).update(['GET', grant.key, String(grant.expires)].join('\n')).digest('base64url');
}

export function verifyReadSignature(grant: ReadGrant, signature: string, now = Date.now()): boolean {
  if (!Number.isFinite(grant.expires) || grant.expires * 1000 < now) return false;
  return sameSignature(signRead(grant), signature);
}

/**
 * A positive whole number as we write it into a signed URL (String(n)): no leading zero, sign,
 * exponent, fraction or space. Number() reads all of those as the same value, so without this one
 * signature would open many spellings of its URL.
 */
export function isCanonicalCount(text: string): boolean {
  return /^[1-9]\d{0,11}$/.test(text);
}

type QueryValue = string | string[] | undefined;

/**
 * A signed read URL opens only in the one form signedReadUrl writes: `expires` once, in canonical
 * digits, and `sig` once, as the exact text we signed. A repeated parameter is not that URL.
 */
export function verifyReadQuery(key: string, query: { expires?: QueryValue; sig?: QueryValue }, now = Date.now()): boolean {
  const { expires, sig } = query;
  if (typeof expires !== 'string' || typeof sig !== 'string' || !isCanonicalCount(expires)) return false;
  return verifyReadSignature({ key, expires: Number(expires) }, sig, now);
}
