/**
 * The local driver's PUT: everything is checked before a byte is written: signature, expiry, the
 * Content-Type and length the URL was signed for (any length up to the upload limit when it was
 * signed without one), that the key was issued to its owner, that no object exists there yet, and
 * that the bytes really are the declared image type. The object is then recorded as checked.
 */
import { UPLOAD_LIMIT_BYTES } from '~/catalogue/constants';
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { isValidKey, ownerIdFromKey } from './keys';
import { normaliseContentType, sniffImageType } from './media-types';
import { isCanonicalCount, verifyLocalUploadSignature } from './signing';
import { getStorage } from './index';
import { ObjectExistsError, ObjectSizeMismatchError } from './types';

export const UPLOAD_MESSAGES = {
  invalidLink: 'This upload link is not valid.',
  badSignature: 'The upload signature is not valid.',
  expired: 'This upload link has expired. Please request a new one.',
  typeMismatch: 'The Content-Type header does not match the type this upload was signed for.',
  sizeMismatch: 'The file size does not match the size this upload was signed for.',
  notThatImage: 'The file is not a valid image of its declared type.',
  empty: 'The file is empty.',
  exists: 'This file already exists and cannot be replaced.',
} as const;

export type LocalPutRequest = {
  key: string;
  query: Record<string, string | string[] | undefined>;
  /** The two request headers the upload is checked against (lower-case names, as Node gives them). */
  headers: { 'content-type'?: string; 'content-length'?: string };
  /**
   * Reads the body, refusing more than limitBytes: null when it is longer (the HTTP edge reads the
   * body and drops the rest; this service never sees a stream).
   */
  readBody: (limitBytes: number) => Promise<Buffer | null>;
  now?: Date;
};

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? undefined : value;
}

export async function receiveLocalUpload(db: Db, request: LocalPutRequest): Promise<{ key: string; contentType: string; size: number }> {
  const storage = getStorage();
  if (storage.kind !== 'local') throw new AppError('not_found');
  const { key } = request;
  if (!isValidKey(key)) throw new AppError('not_found');

  const expiresRaw = single(request.query.expires);
  const contentType = single(request.query.type);
  const sizeRaw = single(request.query.size);
  const sig = single(request.query.sig);
  // Numbers only as we write them (isCanonicalCount): '0017…' would otherwise open the same grant.
  if (!expiresRaw || !contentType || !sig || !isCanonicalCount(expiresRaw) || (sizeRaw !== undefined && !isCanonicalCount(sizeRaw))) {
    throw new AppError('forbidden', UPLOAD_MESSAGES.invalidLink);
  }
  const expires = Number(expiresRaw);
  // No size in the URL: it was signed without one, and takes any size up to the upload limit.
  const size = sizeRaw === undefined ? null : Number(sizeRaw);
  if (!verifyLocalUploadSignature({ key, contentType, size, expires }, sig)) throw new AppError('forbidden', UPLOAD_MESSAGES.badSignature);
  const nowSeconds = Math.floor((request.now ?? new Date()).getTime() / 1000);
  if (nowSeconds > expires) throw new AppError('forbidden', UPLOAD_MESSAGES.expired);
  if (size !== null && size > UPLOAD_LIMIT_BYTES) throw new AppError('file_too_large');

  if (normaliseContentType(request.headers['content-type']) !== contentType) {
    throw new AppError('unsupported_media_type', UPLOAD_MESSAGES.typeMismatch);
  }
  const declaredLength = request.headers['content-length'];
  if (declaredLength !== undefined) {
    const length = Number(declaredLength);
    if (length > UPLOAD_LIMIT_BYTES) throw new AppError('file_too_large');
    if (size !== null && length !== size) throw new AppError('validation_failed', UPLOAD_MESSAGES.sizeMismatch);
  }

  const row = await db.storedObject.findUnique({ where: { key } });
  if (!row || row.ownerId !== ownerIdFromKey(key) || row.contentType !== contentType || row.size !== size) {
    throw new AppError('forbidden', UPLOAD_MESSAGES.invalidLink);
  }
  if (await storage.exists(key)) throw new AppError('forbidden', UPLOAD_MESSAGES.exists);

  const body = await request.readBody(size ?? UPLOAD_LIMIT_BYTES);
  if (body === null) throw size === null ? new AppError('file_too_large') : new AppError('validation_failed', UPLOAD_MESSAGES.sizeMismatch);
  if (size !== null && body.length !== size) throw new AppError('validation_failed', UPLOAD_MESSAGES.sizeMismatch);
  if (body.length === 0) throw new AppError('validation_failed', UPLOAD_MESSAGES.empty);
  if (sniffImageType(body) !== contentType) throw new AppError('unsupported_media_type', UPLOAD_MESSAGES.notThatImage);

  try {
    await storage.putObject({ key, body, contentType, size: body.length });
  } catch (error) {
    if (error instanceof ObjectExistsError) throw new AppError('forbidden', UPLOAD_MESSAGES.exists);
    if (error instanceof ObjectSizeMismatchError) throw new AppError('validation_failed', UPLOAD_MESSAGES.sizeMismatch);
    throw error;
  }
  await db.storedObject.update({ where: { key }, data: { size: body.length, unchecked: false } });
  return { key, contentType, size: body.length };
}
