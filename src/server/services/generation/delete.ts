/**
 * Deleting creations: gone from every list at once, and their files removed from storage (so a
 * public bucket or CDN URL stops working too). No refund: the work was done. A generation still
 * running keeps going; outputs that arrive later are stored private to the owner (apply-job).
 */
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { getStorage } from '~/server/services/storage';
import { announceGenerationChange } from './events';

/**
 * Deletes one or several of the caller's creations, all or none: when any id is not one of the
 * caller's listed creations, nothing changes and the answer says so.
 */
export async function deleteGenerations(db: Db, userId: string, ids: readonly string[]): Promise<number> {
  const wanted = [...new Set(ids)];
  const deleted = await db.$transaction(async (tx) => {
    const changed = await tx.generation.updateMany({ where: { id: { in: wanted }, userId, deletedAt: null }, data: { deletedAt: new Date() } });
    if (changed.count !== wanted.length) {
      // Rolls the transaction back: nobody's creations change.
      throw new AppError('not_found', wanted.length === 1 ? 'Generation not found.' : 'Some of these creations were not found. Nothing was deleted.');
    }
    // A deleted creation leaves every collection it was in (the collections themselves stay).
    await tx.collectionItem.deleteMany({ where: { generationId: { in: wanted } } });
    // Nobody but the owner can read the files from now on, even if removing one below fails.
    await tx.storedObject.updateMany({ where: { generationId: { in: wanted } }, data: { isPrivate: true } });
    return changed.count;
  });
  // Gone for every reader on every instance (caches included) before this call returns.
  for (const generationId of wanted) await announceGenerationChange({ generationId });
  await removeFiles(db, wanted);
  return deleted;
}

async function removeFiles(db: Db, generationIds: string[]): Promise<void> {
  const objects = await db.storedObject.findMany({ where: { generationId: { in: generationIds } }, select: { key: true } });
  const storage = getStorage();
  for (const { key } of objects) {
    try {
      await storage.delete(key);
      await db.storedObject.delete({ where: { key } });
    } catch (error) {
      console.warn(`[storage] could not remove ${key}:`, error instanceof Error ? error.message : error);
    }
  }
}
