/**
 * Who a request's API key speaks for. The key is found by its display prefix and its hash compared
 * in constant time; a wrong, revoked or expired key is one refusal (api_key_invalid), so a guesser
 * learns nothing. Nothing is kept between requests: a revoke holds on every instance at once.
 */
import type { Db } from '~/server/db/client';
import { sameText } from '~/server/crypto/same-text';
import { AppError } from '~/server/errors';
import type { ApiKeyScope } from '~/utils/api-scopes';
import { hashOf, isApiKeyShaped, prefixOf } from './secret';

export type KeyHolder = { keyId: string; userId: string; scopes: ApiKeyScope[]; premium: boolean };

/** "Last used" is written at most once a minute per key: a key's every request is not a write. */
const LAST_USED_PRECISION_MS = 60_000;

export async function authenticateApiKey(db: Db, secret: string, now = new Date()): Promise<KeyHolder> {
  if (!isApiKeyShaped(secret)) throw new AppError('api_key_invalid');
  const row = await db.apiKey.findUnique({
    where: { prefix: prefixOf(secret) },
    select: { id: true, userId: true, hash: true, scopes: true, expiresAt: true, revokedAt: true, lastUsedAt: true, user: { select: { premium: true } } },
  });
  const matches = row !== null && sameText(row.hash, hashOf(secret));
  if (!row || !matches || row.revokedAt !== null || (row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime())) throw new AppError('api_key_invalid');
  if (row.lastUsedAt === null || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
    await db.apiKey.updateMany({
      where: { id: row.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now.getTime() - LAST_USED_PRECISION_MS) } }] },
      data: { lastUsedAt: now },
    });
  }
  return { keyId: row.id, userId: row.userId, scopes: row.scopes as ApiKeyScope[], premium: row.user.premium };
}
