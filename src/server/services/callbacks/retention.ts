/**
 * Finished deliveries are kept only while someone can see them: an endpoint's log shows its newest
 * attempts, and a delivery goes once none of its attempts is in that log any more. Without this the
 * table would keep every event's body for as long as the studio runs. A day's grace keeps a fresh
 * delivery's row in place, so its generation's end cannot queue the same event again.
 */
import type { Db } from '~/server/db/client';

const GRACE_MS = 24 * 60 * 60 * 1000;
/** Rows a statement deletes: a large backlog goes in short statements that hold no lock for long. */
const BATCH = 1_000;

/** Deletes finished deliveries out of every log; answers how many went. */
export async function deleteForgottenDeliveries(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - GRACE_MS);
  let deleted = 0;
  for (;;) {
    const count = await db.$executeRaw`
      DELETE FROM "CallbackDelivery" WHERE "id" IN (
        SELECT d."id" FROM "CallbackDelivery" AS d
        WHERE d."status" <> 'pending' AND d."finishedAt" < ${before}
          AND NOT EXISTS (SELECT 1 FROM "CallbackAttempt" AS a WHERE a."deliveryId" = d."id")
        LIMIT ${BATCH}
      )`;
    deleted += count;
    if (count < BATCH) return deleted;
  }
}
