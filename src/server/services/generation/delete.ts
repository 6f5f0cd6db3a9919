/**
 * Deleting a creation: gone from every list at once, and its files removed from storage (so a
 * public bucket or CDN URL stops working too). No refund: the work was done. A generation still
 * running keeps going; outputs that arrive later are stored private to the owner (apply-job).
 */
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { getStorage } from '~/server/services/storage';
import { announceGenerationChange } from './events';

export async function deleteGeneration(db: Db, userId: string, id: string): Promise<void> {
  const changed = await db.generation.updateMany({ where: { id, userId, deletedAt: null }, data: { deletedAt: new Date() } });
  if (changed.count === 0) throw new AppError('not_found', 'Generation not found.');
  // Gone for every reader on every instance (caches included) before this call returns.
  await announceGenerationChange({ generationId: id });
  // Nobody but the owner can read them from now on, even if removing a file below fails.
  await db.storedObject.updateMany({ where: { generationId: id }, data: { isPrivate: true } });
  const objects = await db.storedObject.findMany({ where: { generationId: id }, select: { key: true } });
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
