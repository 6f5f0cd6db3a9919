/**
 * Who a request's API key speaks for. The key is found by its display prefix and its hash compared
 * in constant time; a wrong, revoked or expired key is one refusal (api_key_invalid), so a guesser
 * learns nothing. Nothing is kept between requests: a revoke holds on every instance at once.
 * It runs before every key request, so its statements go straight to the pool (direct-query.ts):
 * through Prisma's query runtime the lookup cost a key's submit more CPU than the submit's own
 * statement.
 */
import type { Db } from '~/server/db/client';
import { queryDirect } from '~/server/db/direct-query';
import { Prisma } from '~/server/db/generated/client';
import { sameText } from '~/server/crypto/same-text';
import { AppError } from '~/server/errors';
import type { ApiKeyScope } from '~/utils/api-scopes';
import { hashOf, isApiKeyShaped, prefixOf } from './secret';

export type KeyHolder = { keyId: string; userId: string; scopes: ApiKeyScope[]; premium: boolean };

type KeyRow = { id: string; userId: string; hash: string; scopes: string[]; expiresAt: Date | null; revokedAt: Date | null; lastUsedAt: Date | null; premium: boolean };

/** "Last used" is written at most once a minute per key: a key's every request is not a write. */
const LAST_USED_PRECISION_MS = 60_000;

export async function authenticateApiKey(db: Db, secret: string, now = new Date()): Promise<KeyHolder> {
  if (!isApiKeyShaped(secret)) throw new AppError('api_key_invalid');
  const [row] = await queryDirect<KeyRow>(
    db,
    Prisma.sql`
      SELECT k."id", k."userId", k."hash", k."scopes", k."expiresAt", k."revokedAt", k."lastUsedAt", u."premium"
      FROM "ApiKey" AS k JOIN "User" AS u ON u."id" = k."userId"
      WHERE k."prefix" = ${prefixOf(secret)}`,
  );
  const matches = row !== undefined && sameText(row.hash, hashOf(secret));
  if (!row || !matches || row.revokedAt !== null || (row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime())) throw new AppError('api_key_invalid');
  if (row.lastUsedAt === null || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
    const stale = new Date(now.getTime() - LAST_USED_PRECISION_MS);
    await queryDirect(
      db,
      Prisma.sql`UPDATE "ApiKey" SET "lastUsedAt" = ${now}::timestamp(3) WHERE "id" = ${row.id} AND ("lastUsedAt" IS NULL OR "lastUsedAt" < ${stale}::timestamp(3)) RETURNING "id"`,
    );
  }
  return { keyId: row.id, userId: row.userId, scopes: row.scopes as ApiKeyScope[], premium: row.premium };
}
