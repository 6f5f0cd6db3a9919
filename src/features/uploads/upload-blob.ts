/**
 * The upload sequence of tool-catalogue §7: ask the server for a signed URL, PUT the bytes to it
 * with exactly the signed Content-Type, then use the public URL as the field value.
 */
import { EXTENSION_FOR_TYPE, type UploadableType } from './image-compression';

export type UploadFolder = 'masks' | `uploads/${string}`;

export type SignedUrlRequest = { contentType: string; remoteName: string; sourceSubfolder: UploadFolder; size: number };
export type SignedUrlResponse = { publicUrl: string; signedUrl: string };
export type RequestSignedUrl = (request: SignedUrlRequest) => Promise<SignedUrlResponse>;

export type UploadStage = 'signed-url' | 'put';

/** A failed upload, with the step that failed (each has its own message). */
export class UploadError extends Error {
  constructor(
    readonly stage: UploadStage,
    readonly cause: unknown,
  ) {
    super(stage === 'signed-url' ? 'Failed to get signed URL' : 'File upload failed');
    this.name = 'UploadError';
  }
}

/** 'uploads/YYYY-MM-DD' for today (UTC), as the server expects. */
export function uploadFolderFor(date: Date = new Date()): UploadFolder {
  return `uploads/${date.toISOString().slice(0, 10)}`;
}

function randomHex(bytes: number): string {
  const values = new Uint8Array(bytes);
  if (typeof crypto !== 'undefined' && typeof crypto.getRandomValues === 'function') crypto.getRandomValues(values);
  else for (let i = 0; i < bytes; i += 1) values[i] = Math.floor(Math.random() * 256);
  return Array.from(values, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Response(blob).arrayBuffer();
}

/**
 * A hash of the bytes plus the extension ("<sha-256 hex>.png"). crypto.subtle only exists on
 * secure origins (a phone on a LAN address has none): a random name is just as valid there.
 */
export async function remoteNameFor(blob: Blob, contentType: UploadableType): Promise<string> {
  const extension = EXTENSION_FOR_TYPE[contentType];
  try {
    if (typeof crypto === 'undefined' || !crypto.subtle) throw new Error('no subtle crypto');
    const digest = await crypto.subtle.digest('SHA-256', await bytesOf(blob));
    const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 40)}.${extension}`;
  } catch {
    return `${randomHex(20)}.${extension}`;
  }
}

export async function putToSignedUrl(signedUrl: string, blob: Blob, contentType: string): Promise<void> {
  const response = await fetch(signedUrl, { method: 'PUT', body: blob, headers: { 'Content-Type': contentType } });
  if (!response.ok) throw new Error(`The storage answered ${response.status} to the upload.`);
}

export async function uploadBlob(input: {
  blob: Blob;
  contentType: UploadableType;
  folder: UploadFolder;
  requestSignedUrl: RequestSignedUrl;
}): Promise<string> {
  const { blob, contentType, folder, requestSignedUrl } = input;
  const remoteName = await remoteNameFor(blob, contentType);
  let signed: SignedUrlResponse;
  try {
    signed = await requestSignedUrl({ contentType, remoteName, sourceSubfolder: folder, size: blob.size });
  } catch (error) {
    throw new UploadError('signed-url', error);
  }
  try {
    await putToSignedUrl(signed.signedUrl, blob, contentType);
  } catch (error) {
    throw new UploadError('put', error);
  }
  return signed.publicUrl;
}
