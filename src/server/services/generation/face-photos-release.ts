/**
 * A face photo sent to a portrait tool (an image input the catalogue marks `faces: 'one'`) is
 * deleted as soon as its job ends, unless its owner ticked "keep this photo for next time" (the
 * stored object's `keep`). A photo another running job of the owner still names waits for that
 * job's end. Only the owner's own uploads are deleted (the key's owner and its upload folder), never
 * an output used as an input. A failure here never fails the job's end: the retention sweep
 * deletes the photo later anyway.
 */
import { faceCheckedFields, getModel } from '~/catalogue';
import type { Db } from '~/server/db/client';
import { getStorage, keyFromStorageUrl } from '~/server/services/storage';
import { RUNNING_STATUSES } from './statuses';

const UPLOADED_PHOTO = /^u\/[^/]+\/uploads\//;

export async function releaseFacePhotos(db: Db, generationId: string): Promise<string[]> {
  const row = await db.generation.findUnique({ where: { id: generationId }, select: { userId: true, modelId: true, input: true } });
  const model = row && getModel(row.modelId);
  if (!row || !model) return [];
  const input = (row.input ?? {}) as Record<string, unknown>;
  const released: string[] = [];
  for (const field of faceCheckedFields(model)) {
    const url = input[field];
    const key = typeof url === 'string' ? keyFromStorageUrl(url) : null;
    if (!key || !UPLOADED_PHOTO.test(key)) continue;
    const object = await db.storedObject.findUnique({ where: { key }, select: { ownerId: true, keep: true, generationId: true } });
    if (!object || object.keep || object.ownerId !== row.userId || object.generationId !== null) continue;
    const stillUsed = await db.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "Generation"
      WHERE "userId" = ${row.userId} AND "id" <> ${generationId} AND "status" = ANY(${[...RUNNING_STATUSES]}) AND "input"::text LIKE ${`%${key}%`}
      LIMIT 1`;
    if (stillUsed.length > 0) continue;
    await getStorage().delete(key);
    await db.storedObject.deleteMany({ where: { key, keep: false } });
    released.push(key);
  }
  return released;
}

/** The job's end's call: logged, never thrown. */
export function releaseFacePhotosQuietly(db: Db, generationId: string): Promise<void> {
  return releaseFacePhotos(db, generationId).then(
    () => undefined,
    (error: unknown) => console.warn(`[privacy] face photo of ${generationId} not deleted yet (the retention sweep will):`, error instanceof Error ? error.message : error),
  );
}
