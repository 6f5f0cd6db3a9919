/** The recent creations widget (core-flow §2, §6): the caller's newest generations, deleted ones left out. */
import type { Db } from '~/server/db/client';
import { toPrediction, type Prediction } from './present';

export async function listRecentCreations(db: Db, userId: string, limit: number): Promise<Prediction[]> {
  const rows = await db.generation.findMany({
    where: { userId, deletedAt: null },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit,
  });
  return rows.map((row) => toPrediction(row, userId));
}
