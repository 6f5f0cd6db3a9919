/**
 * Uploads do not linger: an uploaded input (a photo, a mask: keys under `u/<id>/uploads/` and
 * `u/<id>/masks/`) is deleted UPLOAD_RETENTION_DAYS after it arrived, by a sweep any instance may
 * run. Outputs are the person's creations and stay. Each round locks the oldest due rows with FOR
 * UPDATE SKIP LOCKED inside one transaction, deletes their objects, then their rows: two instances
 * sweeping at once take different rows, so each upload is deleted once; a storage fault rolls the
 * round back and the next round takes the same rows again (deleting a missing object is no error).
 */
import { getEnv } from '~/env';
import type { Db } from '~/server/db/client';
import { getStorage } from '~/server/services/storage';

/** Rows one round takes: small enough that a round's transaction stays short. */
const ROUND_SIZE = 100;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Uploaded inputs' keys (storage/keys.ts buildUploadKey). */
const UPLOAD_KEY_PATTERN = '^u/[^/]+/(uploads|masks)/';

export function uploadRetentionCutoff(now: Date): Date {
  return new Date(now.getTime() - getEnv().UPLOAD_RETENTION_DAYS * DAY_MS);
}

/** One round: the keys this call deleted (at most ROUND_SIZE). */
export async function sweepExpiredUploadsOnce(db: Db, now = new Date()): Promise<string[]> {
  const cutoff = uploadRetentionCutoff(now);
  return db.$transaction(
    async (tx) => {
      const due = await tx.$queryRaw<{ key: string }[]>`
        SELECT "key" FROM "StoredObject"
        WHERE "createdAt" < ${cutoff} AND "generationId" IS NULL AND "key" ~ ${UPLOAD_KEY_PATTERN}
        ORDER BY "createdAt" LIMIT ${ROUND_SIZE}
        FOR UPDATE SKIP LOCKED`;
      const storage = getStorage();
      for (const { key } of due) await storage.delete(key);
      if (due.length > 0) await tx.storedObject.deleteMany({ where: { key: { in: due.map((row) => row.key) } } });
      return due.map((row) => row.key);
    },
    { timeout: 60_000 },
  );
}

/** Rounds until nothing is due: every key this call deleted. */
export async function sweepExpiredUploads(db: Db, now = new Date()): Promise<string[]> {
  const deleted: string[] = [];
  for (;;) {
    const round = await sweepExpiredUploadsOnce(db, now);
    deleted.push(...round);
    if (round.length < ROUND_SIZE) return deleted;
  }
}
