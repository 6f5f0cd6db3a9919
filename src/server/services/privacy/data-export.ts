/**
 * "Download my data": a person asks, the export is prepared in the background (export-runner.ts,
 * any instance), the page shows its progress, and the zip stays downloadable through a signed URL
 * for EXPORT_TTL_HOURS. One export at a time per person: asking while one is being prepared answers
 * that one. An export is read only by its owner: anyone else's id is the same 404 as an unknown one.
 */
import type { Db } from '~/server/db/client';
import type { DataExport } from '~/server/db/generated/client';
import { AppError } from '~/server/errors';
import { signedReadUrl } from '~/server/services/storage';

export const EXPORT_TTL_HOURS = 24;

export const EXPORT_NOT_FOUND = 'This export was not found.';

/** An export being prepared: asking again answers it instead of starting another. */
const PREPARING = ['queued', 'running'];

export type ExportStatus = 'queued' | 'running' | 'ready' | 'failed' | 'expired';

export type ExportView = {
  id: string;
  status: ExportStatus;
  /** Creations written so far, of total (0 of 0 until it starts). */
  done: number;
  total: number;
  createdAt: Date;
  readyAt: Date | null;
  expiresAt: Date | null;
  /** Bytes of the zip once ready. */
  size: number | null;
  /** The signed URL while ready, valid until expiresAt. */
  downloadUrl: string | null;
};

export function exportView(row: DataExport, now = new Date()): ExportView {
  const expired = row.status === 'expired' || (row.status === 'ready' && row.expiresAt !== null && row.expiresAt <= now);
  const status = (expired ? 'expired' : row.status) as ExportStatus;
  const ttlSeconds = row.expiresAt ? Math.floor((row.expiresAt.getTime() - now.getTime()) / 1000) : 0;
  return {
    id: row.id,
    status,
    done: row.done,
    total: row.total,
    createdAt: row.createdAt,
    readyAt: row.readyAt,
    expiresAt: row.expiresAt,
    size: row.size === null ? null : Number(row.size),
    downloadUrl: status === 'ready' && row.objectKey ? signedReadUrlUntil(row.objectKey, ttlSeconds) : null,
  };
}

/** A read URL that stops working when the export expires (never beyond it). */
function signedReadUrlUntil(key: string, ttlSeconds: number): string {
  return signedReadUrl(key, Math.max(1, ttlSeconds));
}

export async function requestDataExport(db: Db, userId: string): Promise<ExportView> {
  const row = await db.$transaction(async (tx) => {
    // The person's row, locked: two requests at once take turns, and the second finds the first's export.
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "User" WHERE "id" = ${userId} FOR UPDATE`;
    if (locked.length === 0) throw new AppError('unauthorized');
    const preparing = await tx.dataExport.findFirst({ where: { userId, status: { in: PREPARING } }, orderBy: { createdAt: 'desc' } });
    if (preparing) return preparing;
    const total = await tx.generation.count({ where: { userId, deletedAt: null } });
    return tx.dataExport.create({ data: { userId, total } });
  });
  return exportView(row);
}

export async function dataExportOf(db: Db, userId: string, id: string): Promise<ExportView> {
  const row = await db.dataExport.findFirst({ where: { id, userId } });
  if (!row) throw new AppError('not_found', EXPORT_NOT_FOUND);
  return exportView(row);
}

/** The person's newest export, or null (the page shows it when it opens). */
export async function latestDataExport(db: Db, userId: string): Promise<ExportView | null> {
  const row = await db.dataExport.findFirst({ where: { userId }, orderBy: { createdAt: 'desc' } });
  return row ? exportView(row) : null;
}
