/** Which of a user's creations they are working on: their own, not deleted. */
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';

/**
 * Checks that every id is one of the owner's creations (not deleted). Anyone else's id answers as
 * an unknown one would: not found, and the caller changes nothing.
 */
export async function assertOwnCreations(db: Pick<Db, 'generation'>, ownerId: string, ids: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(ids)];
  const found = await db.generation.count({ where: { id: { in: wanted }, userId: ownerId, deletedAt: null } });
  if (found !== wanted.length) {
    throw new AppError('not_found', wanted.length === 1 ? 'Generation not found.' : 'Some of these creations were not found. Nothing was changed.');
  }
  return wanted;
}
