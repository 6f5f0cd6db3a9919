/**
 * Before a generation is recorded or charged, every upload its input names has had its bytes
 * checked (storage/check-upload.ts): an oversized or mistyped object is refused here, never used.
 * The uploads come from the admission's one read of the named objects (private-inputs.ts).
 */
import type { Db } from '~/server/db/client';
import { checkUpload } from '~/server/services/storage/check-upload';
import type { UncheckedUpload } from './private-inputs';

export async function checkInputUploads(db: Db, uploads: readonly UncheckedUpload[]): Promise<void> {
  for (const upload of uploads) await checkUpload(db, upload);
}
