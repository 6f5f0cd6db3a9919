/**
 * Who a request's API key speaks for, and its request counted against the owner's plan's limit.
 * The key is found by its display prefix and its hash compared in constant time; a wrong, revoked
 * or expired key is one refusal (api_key_invalid), so a guesser learns nothing, and it is not
 * counted. Nothing is kept between requests: a revoke holds on every instance at once.
 *
 * It runs before every key request, so the lookup and the count are one statement, straight to the
 * pool (direct-query.ts): as two statements through Prisma's query runtime they cost a key's submit
 * more than the submit's own statement. Requests with the same key that arrive while its statement
 * is in flight share the next one (grouped-statement.ts), which counts them all and gives each its
 * own count, so a busy key's requests stop queueing one by one on its minute's row.
 */
import type { Db } from '~/server/db/client';
import { queryDirect } from '~/server/db/direct-query';
import { groupedStatement } from '~/server/db/grouped-statement';
import { Prisma } from '~/server/db/generated/client';
import { sameText } from '~/server/crypto/same-text';
import { AppError } from '~/server/errors';
import { countedUpsert, rateCountOf, windowOf, type RateCount } from '~/server/services/api-limits/rate-limit';
import type { AccountRow } from '~/server/services/users';
import type { ApiKeyScope } from '~/utils/api-scopes';
import { hashOf, isApiKeyShaped, prefixOf } from './secret';

/**
 * `account`: the owner's row as the doors need it (server/auth/signed-in.ts), read in the same statement.
 * `capped`: the key has a monthly credit cap, which its submits' debits must keep (spend.ts).
 */
export type KeyHolder = { keyId: string; userId: string; scopes: ApiKeyScope[]; capped: boolean; account: AccountRow };

/** Requests a minute on each plan. */
export type PlanLimits = { free: number; premium: number };

type KeyRow = {
  id: string;
  userId: string;
  hash: string;
  scopes: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  capped: boolean;
  premium: boolean;
  role: string;
  suspendedAt: Date | null;
  ownerLastSeenAt: Date | null;
  fullest: number | null;
};

/** "Last used" is written at most once a minute per key: a key's every request is not a write. */
const LAST_USED_PRECISION_MS = 60_000;

/** The key's row, and `requests` counted per key and per owner when the key is valid. */
function lookUpAndCount(secret: string, windowStart: Date, now: Date, requests: number): Prisma.Sql {
  const valid = Prisma.sql`"hash" = ${hashOf(secret)} AND "revokedAt" IS NULL AND ("expiresAt" IS NULL OR "expiresAt" > ${now}::timestamp(3))`;
  // Always the key's bucket before its owner's: concurrent requests take the rows' locks in one order.
  const buckets = Prisma.sql`SELECT 'key:' || "id" FROM "key" WHERE ${valid} UNION ALL SELECT 'user:' || "userId" FROM "key" WHERE ${valid}`;
  return Prisma.sql`
    WITH "key" AS (
      SELECT k."id", k."userId", k."hash", k."scopes", k."expiresAt", k."revokedAt", k."lastUsedAt", k."monthlyCreditCap" IS NOT NULL AS "capped",
        u."premium", u."role", u."suspendedAt", u."lastSeenAt" AS "ownerLastSeenAt"
      FROM "ApiKey" AS k JOIN "User" AS u ON u."id" = k."userId"
      WHERE k."prefix" = ${prefixOf(secret)}),
    "counted" AS (${countedUpsert(buckets, windowStart, requests)})
    SELECT "key".*, (SELECT max("count") FROM "counted")::int AS "fullest" FROM "key"`;
}

/**
 * One request's share of a grouped lookup: the row, the fullest bucket's count as of its own
 * request, and whether it is the group's first (which alone writes "last used").
 */
type LookedUp = { row: KeyRow | undefined; fullest: number | null; now: Date; windowStart: Date; first: boolean };

/** The grouped statement's lines are keyed by the secret itself: requests with another key never wait on this one. */
const lookUpInGroup = groupedStatement(async (db: Db, secret: string, requests: number): Promise<LookedUp[]> => {
  const now = new Date();
  const windowStart = windowOf(now);
  const [row] = await queryDirect<KeyRow>(db, lookUpAndCount(secret, windowStart, now, requests));
  // The group's requests took the counts up to `fullest` in their order of arrival.
  return Array.from({ length: requests }, (_, index) => ({ row, fullest: row?.fullest == null ? null : row.fullest - (requests - 1 - index), now, windowStart, first: index === 0 }));
});

export async function authenticateApiKey(db: Db, secret: string, limits: PlanLimits): Promise<{ holder: KeyHolder; count: RateCount }> {
  if (!isApiKeyShaped(secret)) throw new AppError('api_key_invalid');
  const { row, fullest, now, windowStart, first } = await lookUpInGroup(db, secret);
  const matches = row !== undefined && sameText(row.hash, hashOf(secret));
  if (!row || !matches || fullest === null || row.revokedAt !== null || (row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime())) throw new AppError('api_key_invalid');
  if (first && (row.lastUsedAt === null || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS)) {
    const stale = new Date(now.getTime() - LAST_USED_PRECISION_MS);
    await queryDirect(
      db,
      Prisma.sql`UPDATE "ApiKey" SET "lastUsedAt" = ${now}::timestamp(3) WHERE "id" = ${row.id} AND ("lastUsedAt" IS NULL OR "lastUsedAt" < ${stale}::timestamp(3)) RETURNING "id"`,
    );
  }
  const count = await rateCountOf(db, fullest, row.premium ? limits.premium : limits.free, windowStart, now);
  const account: AccountRow = { premium: row.premium, role: row.role, suspendedAt: row.suspendedAt, lastSeenAt: row.ownerLastSeenAt };
  return { holder: { keyId: row.id, userId: row.userId, scopes: row.scopes as ApiKeyScope[], capped: row.capped, account }, count };
}
