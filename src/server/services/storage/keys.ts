/**
 * Object keys are built by the server, never taken from the client: everything a user stores lives
 * under `u/<userId>/`, with a random part so keys are unguessable and never collide. Client names are
 * validated hints only.
 */
import { randomBytes } from 'node:crypto';

/** A hash plus an image extension, as the client names its uploads. */
export const REMOTE_NAME_PATTERN = /^[A-Za-z0-9_-]{1,128}\.(jpe?g|png|webp|gif)$/i;
const UPLOAD_FOLDER_PATTERN = /^uploads\/(\d{4})-(\d{2})-(\d{2})$/;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const SEGMENT_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,199}$/;
const MAX_KEY_LENGTH = 512;

export type UploadFolder = 'masks' | `uploads/${string}`;

/** 'masks' or 'uploads/YYYY-MM-DD' with a real calendar date; anything else is null. */
export function parseUploadFolder(value: string): UploadFolder | null {
  if (value === 'masks') return 'masks';
  const match = UPLOAD_FOLDER_PATTERN.exec(value);
  if (!match) return null;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  const valid = date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d);
  return valid ? (value as UploadFolder) : null;
}

/** The extension of a valid remote name (lower case), or null when the name is not hash.ext. */
export function remoteNameExtension(remoteName: string): string | null {
  const match = REMOTE_NAME_PATTERN.exec(remoteName);
  return match ? match[1]!.toLowerCase() : null;
}

function randomPart(): string {
  return randomBytes(16).toString('hex');
}

function assertId(value: string, what: string): void {
  if (!ID_PATTERN.test(value)) throw new Error(`Invalid ${what} for a storage key: ${JSON.stringify(value)}`);
}

/** u/<userId>/<folder>/<random hex>-<remoteName>; the caller has validated folder and name. */
export function buildUploadKey(input: { userId: string; folder: UploadFolder; remoteName: string }): string {
  assertId(input.userId, 'user id');
  if (!remoteNameExtension(input.remoteName)) throw new Error('Invalid remote name for a storage key.');
  return `u/${input.userId}/${input.folder}/${randomPart()}-${input.remoteName}`;
}

/** u/<ownerId>/generations/<generationId>/<index>-<random hex> (the caller appends suffix + extension). */
export function buildOutputKeyBase(input: { ownerId: string; generationId: string; index: number }): string {
  assertId(input.ownerId, 'owner id');
  assertId(input.generationId, 'generation id');
  if (!Number.isInteger(input.index) || input.index < 0) throw new Error('Invalid output index for a storage key.');
  return `u/${input.ownerId}/generations/${input.generationId}/${input.index}-${randomPart()}`;
}

/** A key we could have issued: safe path segments only (no '.', '..', hidden or empty segments). */
export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every((segment) => SEGMENT_PATTERN.test(segment));
}

/** The user a key belongs to (its `u/<userId>/` prefix), or null. */
export function ownerIdFromKey(key: string): string | null {
  const match = /^u\/([A-Za-z0-9_-]{1,64})\//.exec(key);
  return match ? match[1]! : null;
}

/** A key as a URL path: each segment percent-encoded, the slashes kept (for every URL we build to an object). */
export function keyToUrlPath(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}
