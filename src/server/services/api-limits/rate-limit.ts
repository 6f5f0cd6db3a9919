/**
 * Requests a minute per bucket (an API key, a user, an address), counted in PostgreSQL so that
 * every instance counts the same requests: one upsert per request adds one to each of its buckets'
 * current minute and answers the counts. The fullest bucket decides. Windows are whole UTC minutes;
 * finished ones are swept now and then.
 */
import type { Db } from '~/server/db/client';
import { queryDirect } from '~/server/db/direct-query';
import { Prisma } from '~/server/db/generated/client';

export type RateCount = { limit: number; remaining: number; resetSeconds: number; allowed: boolean };

const WINDOW_MS = 60_000;
/** Old windows are deleted at most this often per process. */
const SWEEP_EVERY_MS = 60_000;
let lastSweep = 0;

export async function countRequest(db: Db, buckets: readonly string[], limit: number, now = new Date()): Promise<RateCount> {
  const windowStart = new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS);
  // Straight to the pool (direct-query.ts): it runs before every counted request.
  const rows = await queryDirect<{ count: number }>(
    db,
    Prisma.sql`
      INSERT INTO "ApiRateWindow" ("bucket", "windowStart", "count")
      VALUES ${Prisma.join(buckets.map((bucket) => Prisma.sql`(${bucket}, ${windowStart}::timestamp(3), 1)`))}
      ON CONFLICT ("bucket", "windowStart") DO UPDATE SET "count" = "ApiRateWindow"."count" + 1
      RETURNING "count"`,
  );
  await sweep(db, windowStart);
  const fullest = Math.max(...rows.map((row) => row.count));
  const resetSeconds = Math.max(1, Math.ceil((windowStart.getTime() + WINDOW_MS - now.getTime()) / 1000));
  return { limit, remaining: Math.max(0, limit - fullest), resetSeconds, allowed: fullest <= limit };
}

async function sweep(db: Db, currentWindow: Date): Promise<void> {
  if (currentWindow.getTime() - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = currentWindow.getTime();
  await db.apiRateWindow.deleteMany({ where: { windowStart: { lt: currentWindow } } });
}
