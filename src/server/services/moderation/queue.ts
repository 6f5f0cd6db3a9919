/**
 * The review queue (/admin/moderation): creations held by their screen and creations with open
 * reports, oldest first (by when each was held or first reported), each with what a moderator
 * decides on: its media, prompt, owner, screening scores and reports.
 *
 * A creation `screening` is not waiting for a person: its screen is at work, or the sweep screens it
 * again (screen-sweep.ts) until it is public or held. One still `screening` SCREENING_OVERDUE_MS
 * after its last screen is listed all the same, so none stays unseen while no instance sweeps.
 */
import type { Db } from '~/server/db/client';
import { Prisma } from '~/server/db/generated/client';
import { storedOutputsOf } from '~/server/services/generation/present';
import { keyFromStorageUrl, signedReadUrl } from '~/server/services/storage';
import { getModel } from '~/catalogue';
import { isModerationState, type ModerationState } from '~/utils/moderation';
import type { RecordedScreening } from './screen';

/** The most the queue shows at once; decisions take them out. */
export const QUEUE_PAGE_SIZE = 50;

/** Far beyond SCREEN_ATTEMPTS screens and the waits between them (publishing.ts). */
const SCREENING_OVERDUE_MS = 10 * 60_000;

/** A held creation's files are private: the moderator's page reads them through signed URLs that last this long. */
const MEDIA_URL_SECONDS = 60 * 60;

export type QueueReport = { id: string; reason: string; text: string | null; signedIn: boolean; createdAt: Date };

export type QueueItem = {
  id: string;
  since: Date;
  moderation: ModerationState | null;
  isPublic: boolean;
  ownerId: string;
  ownerEmail: string;
  modelName: string;
  prompt: string | null;
  createdAt: Date;
  media: { url: string; posterUrl: string | null; contentType: string }[];
  screening: RecordedScreening | null;
  reports: QueueReport[];
};

/** The queue, and the latest takedowns (a moderator may restore one). */
export async function moderationQueue(db: Db, now = new Date()): Promise<{ items: QueueItem[]; total: number; removed: QueueItem[] }> {
  const overdueBefore = new Date(now.getTime() - SCREENING_OVERDUE_MS);
  const waiting = Prisma.sql`
    WITH reported AS (
      SELECT "generationId", min("createdAt") AS since FROM "CreationReport" WHERE "resolvedAt" IS NULL GROUP BY "generationId"
    )
    SELECT g."id", LEAST(CASE WHEN g."moderation" IN ('held', 'screening') THEN g."moderatedAt" END, r.since) AS since
    FROM "Generation" g LEFT JOIN reported r ON r."generationId" = g."id"
    WHERE g."deletedAt" IS NULL
      AND (g."moderation" = 'held' OR (g."moderation" = 'screening' AND g."moderatedAt" < ${overdueBefore}) OR r.since IS NOT NULL)`;
  const [rows, counted] = await Promise.all([
    db.$queryRaw<{ id: string; since: Date }[]>`${waiting} ORDER BY since ASC, g."id" ASC LIMIT ${QUEUE_PAGE_SIZE}`,
    db.$queryRaw<{ total: bigint }[]>`SELECT count(*) AS total FROM (${waiting}) AS waiting`,
  ]);
  const removed = await db.generation.findMany({
    where: { moderation: 'removed', deletedAt: null },
    orderBy: { moderatedAt: 'desc' },
    take: QUEUE_PAGE_SIZE,
    select: { id: true, moderatedAt: true },
  });
  const items = await queueItems(db, rows);
  return {
    items,
    total: Number(counted[0]?.total ?? 0),
    removed: await queueItems(db, removed.map((row) => ({ id: row.id, since: row.moderatedAt ?? now }))),
  };
}

async function queueItems(db: Db, rows: { id: string; since: Date }[]): Promise<QueueItem[]> {
  const found = await db.generation.findMany({
    where: { id: { in: rows.map((row) => row.id) } },
    select: {
      id: true,
      userId: true,
      modelId: true,
      input: true,
      outputs: true,
      isPublic: true,
      moderation: true,
      screening: true,
      createdAt: true,
      user: { select: { email: true } },
      reports: { where: { resolvedAt: null }, orderBy: { createdAt: 'asc' }, select: { id: true, reason: true, text: true, reporterId: true, createdAt: true } },
    },
  });
  const byId = new Map(found.map((row) => [row.id, row]));
  return rows.flatMap(({ id, since }) => {
    const row = byId.get(id);
    if (!row) return [];
    const prompt = (row.input as Record<string, unknown> | null)?.prompt;
    return [
      {
        id,
        since,
        moderation: isModerationState(row.moderation) ? row.moderation : null,
        isPublic: row.isPublic,
        ownerId: row.userId,
        ownerEmail: row.user.email,
        modelName: getModel(row.modelId)?.name ?? row.modelId,
        prompt: typeof prompt === 'string' ? prompt : null,
        createdAt: row.createdAt,
        media: storedOutputsOf(row.outputs).map((output) => {
          const poster = output.thumbnailUrl ? keyFromStorageUrl(output.thumbnailUrl) : null;
          return { url: signedReadUrl(output.key, MEDIA_URL_SECONDS), posterUrl: poster ? signedReadUrl(poster, MEDIA_URL_SECONDS) : null, contentType: output.contentType };
        }),
        screening: (row.screening as RecordedScreening | null) ?? null,
        reports: row.reports.map((report) => ({ id: report.id, reason: report.reason, text: report.text, signedIn: report.reporterId !== null, createdAt: report.createdAt })),
      },
    ];
  });
}
