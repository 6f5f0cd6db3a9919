/**
 * An upload's bytes are checked once before anything uses them. The local PUT checks them as they
 * arrive; an upload that went straight to S3 (whose signed URL binds no size when the client
 * declared none, and never the magic bytes) is checked here, at the latest before its first use
 * as an input: its real size, its stored type and its first bytes. An object over the upload
 * limit or not the type it was signed for is removed from storage and refused; it is never used.
 */
import { UPLOAD_LIMIT_BYTES } from '~/catalogue/constants';
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import type { Readable } from 'node:stream';
import { UPLOAD_MESSAGES } from './local-upload';
import { normaliseContentType, sniffImageType } from './media-types';
import { getStorage } from './index';

/** Enough leading bytes to recognise any of the accepted image types. */
const SNIFF_BYTES = 16;

export const NOT_UPLOADED_MESSAGE = 'An input image has not finished uploading. Please upload it again.';

async function leadingBytes(body: Readable, count: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of body) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      chunks.push(buffer);
      total += buffer.length;
      if (total >= count) break;
    }
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks).subarray(0, count);
}

/** Removes a refused object (the row stays: its signed URL may still bring a valid upload). */
async function refuse(key: string, error: AppError): Promise<never> {
  await getStorage().delete(key);
  throw error;
}

/** Checks an upload already known to be unchecked, signed for `contentType`; marks it checked when it passes. */
export async function checkUpload(db: Db, { key, contentType }: { key: string; contentType: string }): Promise<void> {
  const storage = getStorage();
  const info = await storage.head(key);
  if (!info) throw new AppError('validation_failed', NOT_UPLOADED_MESSAGE);
  if (info.size > UPLOAD_LIMIT_BYTES) return refuse(key, new AppError('file_too_large'));
  if (normaliseContentType(info.contentType) !== contentType) return refuse(key, new AppError('unsupported_media_type', UPLOAD_MESSAGES.typeMismatch));
  const start = info.size > 0 ? await storage.getObject(key, { start: 0, end: Math.min(SNIFF_BYTES, info.size) - 1 }) : null;
  const leading = start ? await leadingBytes(start.body, SNIFF_BYTES) : Buffer.alloc(0);
  if (sniffImageType(leading) !== contentType) return refuse(key, new AppError('unsupported_media_type', UPLOAD_MESSAGES.notThatImage));
  await db.storedObject.updateMany({ where: { key, unchecked: true }, data: { unchecked: false, size: info.size } });
}
