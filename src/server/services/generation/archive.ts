/**
 * Downloading several creations at once (the /creations selection): one ZIP of their output files,
 * read from our storage with the caller's rights (so it works with either driver and with their
 * private files), or a clear refusal when any of them is not one of the caller's creations. A
 * batch's results download the same way, all of them in one ZIP.
 */
import { buffer as streamToBuffer } from 'node:stream/consumers';
import type { Db } from '~/server/db/client';
import type { Generation } from '~/server/db/generated/client';
import { AppError } from '~/server/errors';
import { extensionForContentType } from '~/server/services/storage/media-types';
import { openObjectForViewer } from '~/server/services/storage/serve';
import { zipChunks, type ZipEntry } from '~/server/services/storage/zip';
import { storedOutputsOf } from './present';

export const ARCHIVE_MAX_CREATIONS = 50;

export type CreationsArchive = { fileName: string; chunks: AsyncGenerator<Buffer> };

/** Ids from a query value: comma-separated, at most ARCHIVE_MAX_CREATIONS, each a plausible id. */
export function parseArchiveIds(value: unknown): string[] {
  const raw = (Array.isArray(value) ? value.join(',') : typeof value === 'string' ? value : '').split(',').map((s) => s.trim()).filter(Boolean);
  const ids = [...new Set(raw)];
  if (ids.length === 0) throw new AppError('validation_failed', 'Select at least one creation to download.');
  if (ids.length > ARCHIVE_MAX_CREATIONS) throw new AppError('validation_failed', `At most ${ARCHIVE_MAX_CREATIONS} creations can be downloaded at once.`);
  if (ids.some((id) => !/^[A-Za-z0-9_-]{1,64}$/.test(id))) throw new AppError('validation_failed', 'A creation id is not valid.');
  return ids;
}

export async function creationsArchive(db: Db, userId: string, ids: readonly string[], now = new Date()): Promise<CreationsArchive> {
  const rows = await db.generation.findMany({ where: { id: { in: [...ids] }, userId, deletedAt: null } });
  if (rows.length !== ids.length) throw new AppError('not_found', 'Some of these creations were not found.');
  const byId = new Map(rows.map((row) => [row.id, row]));
  return archiveOf(db, userId, ids.map((id) => byId.get(id)!), `creations-${now.toISOString().slice(0, 10)}.zip`);
}

/** A batch's results as one ZIP ("Download all"), its items in their order; whatever has no file yet is left out. */
export async function batchArchive(db: Db, userId: string, batchId: string): Promise<CreationsArchive> {
  const batch = await db.generationBatch.findFirst({ where: { id: batchId, userId }, select: { id: true } });
  if (!batch) throw new AppError('not_found', 'Batch not found.');
  const rows = await db.generation.findMany({ where: { batchId, userId, deletedAt: null }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return archiveOf(db, userId, rows, `batch-${batchId}.zip`);
}

async function archiveOf(db: Db, userId: string, ordered: readonly Generation[], fileName: string): Promise<CreationsArchive> {
  if (ordered.every((row) => storedOutputsOf(row.outputs).length === 0 && !row.outputText)) {
    throw new AppError('validation_failed', 'These creations have no files to download yet.');
  }

  async function* entries(): AsyncGenerator<ZipEntry> {
    for (const [i, row] of ordered.entries()) {
      const base = `${String(i + 1).padStart(2, '0')}-${row.modelId}-${row.id}`;
      const modified = row.completedAt ?? row.createdAt;
      if (row.outputText) yield { name: `${base}.txt`, data: Buffer.from(row.outputText, 'utf8'), modified };
      for (const [n, output] of storedOutputsOf(row.outputs).entries()) {
        // Read with the caller's rights, as the storage route would serve it (storage/access.ts).
        const object = await openObjectForViewer(db, output.key, async () => userId);
        if (!object) continue; // removed meanwhile: the rest still downloads
        yield { name: `${base}-${n + 1}.${extensionForContentType(output.contentType)}`, data: await streamToBuffer(object.body), modified };
      }
    }
  }
  return { fileName, chunks: zipChunks(entries()) };
}
