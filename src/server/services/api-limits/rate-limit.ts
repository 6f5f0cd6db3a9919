/**
 * Requests a minute per bucket (an API key, a user, an address), counted in PostgreSQL so that
 * every instance counts the same requests: one upsert per request adds one to each of its buckets'
 * current minute and answers the counts. The fullest bucket decides. Windows are whole UTC minutes;
 * finished ones are swept now and then.
 *
 * A key's request is counted inside its key's lookup (services/api-keys/authenticate.ts), one
 * statement for both: countedUpsert is the upsert both statements share.
 */
import type { Db } from '~/server/db/client';
import { queryDirect } from '~/server/db/direct-query';
import { Prisma } from '~/server/db/generated/client';

export type RateCount = { limit: number; remaining: number; resetSeconds: number; allowed: boolean };

const WINDOW_MS = 60_000;
/** Old windows are deleted at most this often per process. */
const SWEEP_EVERY_MS = 60_000;
let lastSweep = 0;

/** The minute a request at `now` is counted in. */
export function windowOf(now: Date): Date {
  return new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS);
}

/**
 * Adds `requests` to each bucket's count in `windowStart`, answering every count (`RETURNING
 * "count"`). `buckets` is a query whose one column is the bucket's name, so a statement can count
 * buckets it finds itself (a key's and its owner's).
 */
export function countedUpsert(buckets: Prisma.Sql, windowStart: Date, requests = 1): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO "ApiRateWindow" ("bucket", "windowStart", "count")
    SELECT "bucket", ${windowStart}::timestamp(3), ${requests}::int FROM (${buckets}) AS named ("bucket")
    ON CONFLICT ("bucket", "windowStart") DO UPDATE SET "count" = "ApiRateWindow"."count" + EXCLUDED."count"
    RETURNING "count"`;
}

/** What a request's fullest bucket means against its limit; sweeps finished windows now and then. */
export async function rateCountOf(db: Db, fullest: number, limit: number, windowStart: Date, now: Date): Promise<RateCount> {
  await sweep(db, windowStart);
  const resetSeconds = Math.max(1, Math.ceil((windowStart.getTime() + WINDOW_MS - now.getTime()) / 1000));
  return { limit, remaining: Math.max(0, limit - fullest), resetSeconds, allowed: fullest <= limit };
}

export async function countRequest(db: Db, buckets: readonly string[], limit: number, now = new Date()): Promise<RateCount> {
  const windowStart = windowOf(now);
  // Straight to the pool (direct-query.ts): it runs before every counted request.
  const rows = await queryDirect<{ count: number }>(db, countedUpsert(Prisma.sql`VALUES ${Prisma.join(buckets.map((bucket) => Prisma.sql`(${bucket}::text)`))}`, windowStart));
  return rateCountOf(db, Math.max(...rows.map((row) => row.count)), limit, windowStart, now);
}

async function sweep(db: Db, currentWindow: Date): Promise<void> {
  if (currentWindow.getTime() - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = currentWindow.getTime();
  await db.apiRateWindow.deleteMany({ where: { windowStart: { lt: currentWindow } } });
}
