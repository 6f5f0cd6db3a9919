/**
 * Preparing exports in the background, on any instance: a round claims one due export (queued, or
 * running under a claim that lapsed because its instance died) with FOR UPDATE SKIP LOCKED, and
 * renews the claim while it works. The zip streams to a temporary file (never into memory), then to
 * storage under the owner's prefix as a private object, and the export is ready for
 * EXPORT_TTL_HOURS. Expired zips are deleted from storage by the same loop.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '~/server/db/client';
import { getStorage } from '~/server/services/storage';
import { accountKeyPrefix } from './account-objects';
import { EXPORT_TTL_HOURS } from './data-export';
import { exportArchiveChunks } from './export-archive';

/** A claim lapses this long after its last renewal (an instance that died hands the export on). */
const CLAIM_MS = 60_000;
const RENEW_MS = 15_000;
/** Attempts before an export is reported failed. */
const MAX_ATTEMPTS = 3;
const HOUR_MS = 60 * 60 * 1000;
/** Progress is written at most this often (a page of creations is the unit anyway). */
const PROGRESS_MS = 1_000;

type ClaimedExport = { id: string; userId: string; attempts: number; claimedUntil: Date };

export async function claimDueExport(db: Db, now = new Date()): Promise<ClaimedExport | null> {
  const until = new Date(now.getTime() + CLAIM_MS);
  const rows = await db.$queryRaw<ClaimedExport[]>`
    UPDATE "DataExport" AS e SET "claimedUntil" = ${until}, "status" = 'running', "attempts" = e."attempts" + 1
    FROM (
      SELECT "id" FROM "DataExport"
      WHERE ("status" = 'queued' OR ("status" = 'running' AND "claimedUntil" < ${now}))
      ORDER BY "createdAt" LIMIT 1
      FOR UPDATE SKIP LOCKED
    ) AS due
    WHERE e."id" = due."id"
    RETURNING e."id", e."userId", e."attempts", e."claimedUntil"`;
  return rows[0] ?? null;
}

export function exportObjectKey(userId: string, exportId: string): string {
  return `${accountKeyPrefix(userId)}exports/${exportId}.zip`;
}

/** Builds and stores one claimed export; answers whether it is ready. A failure is retried by a later round, then reported. */
export async function runExport(db: Db, claim: ClaimedExport): Promise<boolean> {
  let held: Date | null = claim.claimedUntil;
  const renew = setInterval(() => {
    if (!held) return;
    const until = new Date(Date.now() + CLAIM_MS);
    void db.dataExport
      .updateMany({ where: { id: claim.id, claimedUntil: held }, data: { claimedUntil: until } })
      .then((changed) => {
        held = changed.count === 1 ? until : null;
      })
      .catch(() => undefined);
  }, RENEW_MS);
  renew.unref?.();
  const folder = await mkdtemp(path.join(tmpdir(), 'studio-export-'));
  try {
    const file = path.join(folder, 'export.zip');
    let written = 0;
    let lastWrite = 0;
    const progress = async (done: number) => {
      written = done;
      if (Date.now() - lastWrite < PROGRESS_MS) return;
      lastWrite = Date.now();
      await db.dataExport.updateMany({ where: { id: claim.id, status: 'running' }, data: { done } });
    };
    await pipeline(Readable.from(exportArchiveChunks(db, claim.userId, progress)), createWriteStream(file));
    const size = (await stat(file)).size;
    const key = exportObjectKey(claim.userId, claim.id);
    const storage = getStorage();
    // An earlier attempt may have stored it before failing: the new zip replaces it.
    await storage.delete(key);
    await db.storedObject.deleteMany({ where: { key } });
    await storage.putObject({ key, body: createReadStream(file), contentType: 'application/zip', size });
    const readyAt = new Date();
    // The owner deleted meanwhile (their rows gone with them): the zip must not outlive them.
    const recorded = db.$transaction([
      db.storedObject.create({ data: { key, ownerId: claim.userId, contentType: 'application/zip', size: size <= 0x7fff_ffff ? size : null, isPrivate: true } }),
      db.dataExport.update({
        where: { id: claim.id },
        data: { status: 'ready', done: written, objectKey: key, size: BigInt(size), readyAt, expiresAt: new Date(readyAt.getTime() + EXPORT_TTL_HOURS * HOUR_MS), claimedUntil: null, error: null },
      }),
    ]);
    await recorded.catch(async (error: unknown) => {
      await storage.delete(key);
      throw error;
    });
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[privacy] export ${claim.id} failed (attempt ${claim.attempts}):`, message);
    // The owner deleted meanwhile: the row went with them, nothing to record.
    await db.dataExport
      .updateMany({
        where: { id: claim.id, status: 'running' },
        data: claim.attempts >= MAX_ATTEMPTS ? { status: 'failed', error: message.slice(0, 500), claimedUntil: null } : { status: 'queued', error: message.slice(0, 500), claimedUntil: null },
      })
      .catch(() => undefined);
    return false;
  } finally {
    clearInterval(renew);
    await rm(folder, { recursive: true, force: true });
  }
}

/** Deletes the zips of exports past their 24 hours; answers how many. */
export async function expireExports(db: Db, now = new Date()): Promise<number> {
  const due = await db.dataExport.findMany({ where: { status: 'ready', expiresAt: { lte: now } }, select: { id: true, objectKey: true }, take: 100 });
  for (const row of due) {
    if (row.objectKey) {
      await getStorage().delete(row.objectKey);
      await db.storedObject.deleteMany({ where: { key: row.objectKey } });
    }
    await db.dataExport.updateMany({ where: { id: row.id, status: 'ready' }, data: { status: 'expired', objectKey: null } });
  }
  return due.length;
}
