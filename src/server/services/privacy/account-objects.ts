/**
 * Removing a deleted account's stored objects (outputs, uploads, exports): every key under its own
 * prefix `u/<id>/` as the store lists it, on local disk or S3, and the keys of theirs recorded
 * outside it. Done only when a listing after the deletes finds nothing left.
 */
import { getStorage } from '~/server/services/storage';

export function accountKeyPrefix(userId: string): string {
  return `u/${userId}/`;
}

/** Deletes what is there; answers whether nothing of theirs is left. Throws when the store fails. */
export async function removeAccountObjects(userId: string, extraKeys: readonly string[]): Promise<boolean> {
  const storage = getStorage();
  const prefix = accountKeyPrefix(userId);
  for (const key of extraKeys) await storage.delete(key);
  // A page is read, then deleted: the listing never runs over keys it is removing.
  let batch: string[] = [];
  for await (const key of storage.listKeys(prefix)) {
    batch.push(key);
    if (batch.length >= 100) {
      await Promise.all(batch.map((k) => storage.delete(k)));
      batch = [];
    }
  }
  await Promise.all(batch.map((k) => storage.delete(k)));
  for await (const _left of storage.listKeys(prefix)) return false;
  for (const key of extraKeys) if (await storage.exists(key)) return false;
  return true;
}
