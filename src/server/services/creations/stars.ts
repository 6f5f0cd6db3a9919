/** A star on a creation: the owner's own mark, found again with the "Starred" filter of /creations. */
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';

/** Stars or unstars one of the owner's creations; anyone else's id is not found. */
export async function setStar(db: Db, ownerId: string, id: string, starred: boolean): Promise<{ id: string; starred: boolean }> {
  const changed = await db.generation.updateMany({ where: { id, userId: ownerId, deletedAt: null }, data: { starred } });
  if (changed.count === 0) throw new AppError('not_found', 'Generation not found.');
  return { id, starred };
}
