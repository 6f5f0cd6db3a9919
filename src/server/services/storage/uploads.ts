/**
 * Signing an upload: the server checks the declared size (when there is one) and type before signing
 * anything, builds the key under the caller's own prefix, records the object as the caller's and as
 * not yet checked (so the PUT can verify it, nobody else's object is ever replaced, and its bytes are
 * checked before first use: check-upload.ts) and returns the signed PUT URL plus the URL to read it from.
 */
import { UPLOAD_LIMIT_BYTES } from '~/catalogue/constants';
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { buildUploadKey, parseUploadFolder, remoteNameExtension } from './keys';
import { MASK_IMAGE_TYPES, UPLOAD_EXTENSIONS, UPLOAD_IMAGE_TYPES, normaliseContentType, type SniffableImageType } from './media-types';
import { getStorage, SIGNED_UPLOAD_TTL_SECONDS } from './index';

export type SignedUploadRequest = {
  contentType: string;
  /** A hash plus extension, e.g. "3f9a...c1.png": a hint, validated. */
  remoteName: string;
  /** 'uploads/YYYY-MM-DD' or 'masks'. */
  sourceSubfolder: string;
  /** The exact byte length the client will PUT, when the client says (the spec's body does not). */
  size?: number;
};

export type SignedUploadResult = {
  key: string;
  publicUrl: string;
  signedUrl: string;
  headers: Record<string, string>;
  expiresAt: Date;
};


/** Throws the spec's error when a declared size is over the upload limit. */
export function assertUploadSize(size: number): void {
  if (size > UPLOAD_LIMIT_BYTES) throw new AppError('file_too_large');
  if (!Number.isInteger(size) || size <= 0) throw new AppError('validation_failed', 'The file is empty.');
}

export async function createSignedUpload(db: Db, userId: string, request: SignedUploadRequest): Promise<SignedUploadResult> {
  if (request.size !== undefined) assertUploadSize(request.size);
  const folder = parseUploadFolder(request.sourceSubfolder.trim());
  const contentType = normaliseContentType(request.contentType);
  const allowed: readonly string[] = folder === 'masks' ? MASK_IMAGE_TYPES : UPLOAD_IMAGE_TYPES;
  if (!allowed.includes(contentType)) {
    throw new AppError(
      'unsupported_media_type',
      folder === 'masks' ? 'Only JPEG, PNG, WebP and GIF images are accepted for masks.' : undefined,
    );
  }
  if (!folder) throw new AppError('validation_failed', "The upload folder must be 'uploads/YYYY-MM-DD' or 'masks'.");
  const remoteName = request.remoteName.trim();
  const extension = remoteNameExtension(remoteName);
  if (!extension) {
    throw new AppError('validation_failed', 'The file name must be a hash (letters, digits, - or _) plus an image extension.');
  }
  if (!UPLOAD_EXTENSIONS[contentType as SniffableImageType].includes(extension)) {
    throw new AppError('validation_failed', `The file extension .${extension} does not match the type ${contentType}.`);
  }

  const key = buildUploadKey({ userId, folder, remoteName });
  try {
    await db.storedObject.create({ data: { key, ownerId: userId, contentType, size: request.size ?? null, isPrivate: false, unchecked: true } });
  } catch (error) {
    // A session for a user that no longer exists (foreign key) is a signed-out caller.
    if ((error as { code?: string }).code === 'P2003') throw new AppError('unauthorized');
    throw error;
  }
  const signed = await getStorage().signUpload({ key, contentType, size: request.size, expiresInSeconds: SIGNED_UPLOAD_TTL_SECONDS });
  return { key, publicUrl: signed.publicUrl, signedUrl: signed.signedUrl, headers: signed.headers, expiresAt: signed.expiresAt };
}
