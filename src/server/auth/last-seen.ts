/**
 * When a user was last seen (the console's user page): written by the signed-in doors at most
 * once per LAST_SEEN_EVERY_MS, in the background, so a request never waits for it and a busy user
 * costs one write an hour.
 */
import type { Db } from '~/server/db/client';

export const LAST_SEEN_EVERY_MS = 60 * 60 * 1000;

export function noteSeen(db: Pick<Db, '$executeRaw'>, userId: string, lastSeenAt: Date | null, now = new Date()): void {
  if (lastSeenAt && now.getTime() - lastSeenAt.getTime() < LAST_SEEN_EVERY_MS) return;
  const stale = new Date(now.getTime() - LAST_SEEN_EVERY_MS);
  // Conditional, so concurrent requests of one user write once; "updatedAt" is the account's own
  // changes' time, which a visit is not.
  db.$executeRaw`UPDATE "User" SET "lastSeenAt" = ${now} WHERE "id" = ${userId} AND ("lastSeenAt" IS NULL OR "lastSeenAt" < ${stale})`
    .catch((error: unknown) => console.warn('[auth] last seen not recorded:', error instanceof Error ? error.message : error));
}
