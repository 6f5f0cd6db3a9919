/** The numbers in the upload messages come from the catalogue, never from the message text. */
import { UPLOAD_LIMIT_BYTES } from '~/catalogue/public';

/** 5 MB → 5, for 'The file size exceeds the limit of 5MB.' */
export const UPLOAD_LIMIT_MB = Math.round((UPLOAD_LIMIT_BYTES / (1024 * 1024)) * 10) / 10;

export function exceedsUploadLimit(size: number): boolean {
  return size > UPLOAD_LIMIT_BYTES;
}
