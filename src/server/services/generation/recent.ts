/** The recent creations widget (core-flow §2, §6): the caller's newest generations, deleted ones left out. */
import type { Db } from '~/server/db/client';
import { PREDICTION_COLUMNS, toPrediction, type Prediction } from './present';

/** With the owner's prompt choice, so the details opened from the widget show the share switches as they are. */
export type RecentCreation = Prediction & { promptHidden: boolean };

export async function listRecentCreations(db: Db, userId: string, limit: number): Promise<RecentCreation[]> {
  const rows = await db.generation.findMany({
    where: { userId, deletedAt: null },
    select: PREDICTION_COLUMNS,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit,
  });
  return rows.map((row) => ({ ...toPrediction(row, userId), promptHidden: row.promptHidden }));
}
