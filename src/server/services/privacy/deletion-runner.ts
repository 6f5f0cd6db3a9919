/**
 * The deletions whose objects are not all removed yet (the store was down): any instance claims a
 * due one (FOR UPDATE SKIP LOCKED, with a claim that outlasts an attempt) and tries again, until a
 * listing finds nothing of theirs left (account-deletion.ts).
 */
import type { Db } from '~/server/db/client';
import { DELETION_CLAIM_MS, finishObjectRemoval } from './account-deletion';

type DueDeletion = { userId: string; extraKeys: string[]; attempts: number };

export async function claimDueDeletions(db: Db, limit: number, now = new Date()): Promise<DueDeletion[]> {
  const until = new Date(now.getTime() + DELETION_CLAIM_MS);
  return db.$queryRaw<DueDeletion[]>`
    UPDATE "AccountDeletion" AS d SET "claimedUntil" = ${until}
    FROM (
      SELECT "userId" FROM "AccountDeletion"
      WHERE "status" = 'running' AND "nextAttemptAt" <= ${now} AND ("claimedUntil" IS NULL OR "claimedUntil" < ${now})
      ORDER BY "nextAttemptAt" LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ) AS due
    WHERE d."userId" = due."userId"
    RETURNING d."userId", d."extraKeys", d."attempts"`;
}

/** One round: the deletions this instance finished. */
export async function resumeDeletions(db: Db, now = new Date()): Promise<number> {
  let finished = 0;
  for (const due of await claimDueDeletions(db, 5, now)) {
    const answer = await finishObjectRemoval(db, due.userId, due.extraKeys ?? [], due.attempts);
    if (answer.status === 'deleted') finished += 1;
  }
  return finished;
}
