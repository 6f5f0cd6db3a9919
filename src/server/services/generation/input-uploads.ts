/**
 * Before a generation is recorded or charged, every upload its input names has had its bytes
 * checked (storage/check-upload.ts): an oversized or mistyped object is refused here, never used.
 */
import type { Db } from '~/server/db/client';
import { checkUpload } from '~/server/services/storage/check-upload';
import { storageKeysIn } from './private-inputs';

export async function checkInputUploads(db: Db, input: Record<string, unknown>): Promise<void> {
  for (const key of storageKeysIn(input)) await checkUpload(db, key);
}
