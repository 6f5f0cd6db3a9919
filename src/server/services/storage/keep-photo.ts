/**
 * "Keep this photo for next time": a face photo its owner keeps is not deleted when its portrait
 * job ends (generation/face-photos-release.ts); the retention sweep still deletes it after
 * UPLOAD_RETENTION_DAYS, as every upload. Only the caller's own uploads can be kept: any other URL
 * is the same 404 as an unknown one.
 */
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { keyFromStorageUrl } from './index';

export async function setPhotoKept(db: Db, userId: string, url: string, keep: boolean): Promise<{ keep: boolean }> {
  const key = keyFromStorageUrl(url);
  const changed = key ? await db.storedObject.updateMany({ where: { key, ownerId: userId, generationId: null }, data: { keep } }) : { count: 0 };
  if (changed.count === 0) throw new AppError('not_found', 'This photo was not found.');
  return { keep };
}
