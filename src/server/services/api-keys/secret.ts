/**
 * An API key's secret: `lsk_` and 32 random bytes in base64url (43 characters). It is shown once;
 * the studio keeps only its SHA-256 (a hash is enough for a secret this random: nothing to guess
 * from, so no salt or slow hash buys anything) and a display prefix, which is also how a request's
 * key is found before its hash is compared.
 */
import { createHash, randomBytes } from 'node:crypto';

export const API_KEY_MARK = 'lsk_';
const SECRET_BYTES = 32;
/** `lsk_` and the secret's first 8 characters: enough to tell keys apart in a list, and unique in the table. */
const PREFIX_LENGTH = API_KEY_MARK.length + 8;
/** base64url of 32 bytes, unpadded. */
const SECRET_SHAPE = /^lsk_[A-Za-z0-9_-]{43}$/;

export type NewSecret = { secret: string; prefix: string; hash: string };

export function newApiKeySecret(): NewSecret {
  const secret = `${API_KEY_MARK}${randomBytes(SECRET_BYTES).toString('base64url')}`;
  return { secret, prefix: prefixOf(secret), hash: hashOf(secret) };
}

export function hashOf(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function prefixOf(secret: string): string {
  return secret.slice(0, PREFIX_LENGTH);
}

/** Whether a text has the shape of one of our secrets (anything else is refused unread). */
export function isApiKeyShaped(text: string): boolean {
  return SECRET_SHAPE.test(text);
}
