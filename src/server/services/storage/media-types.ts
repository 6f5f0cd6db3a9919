/**
 * Which media types the studio stores, the file extensions that go with them, and magic-byte
 * sniffing: an upload's bytes must really be the image type its URL was signed for.
 */

import { IMAGE_EXTENSIONS, UPLOAD_IMAGE_TYPES } from '~/catalogue/constants';

/** Uploads accept these (tool-catalogue §5, one list in the catalogue); masks also accept GIF. */
export { UPLOAD_IMAGE_TYPES };
export const MASK_IMAGE_TYPES = [...UPLOAD_IMAGE_TYPES, 'image/gif'] as const;
export type SniffableImageType = (typeof MASK_IMAGE_TYPES)[number];

/** Extensions an upload's remote name may carry for each type. */
export const UPLOAD_EXTENSIONS: Record<SniffableImageType, readonly string[]> = IMAGE_EXTENSIONS;

/** The extension a stored output gets for its content type (outputs may be video or audio too). */
const EXTENSION_BY_TYPE: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
  'image/tiff': 'tiff',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'text/plain': 'txt',
  'application/json': 'json',
};

const TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  txt: 'text/plain',
  json: 'application/json',
};

/** Lower-cased media type without parameters ("Image/PNG; q=1" -> "image/png"). */
export function normaliseContentType(raw: string | null | undefined): string {
  return String(raw ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
}

export function extensionForContentType(contentType: string): string {
  return EXTENSION_BY_TYPE[normaliseContentType(contentType)] ?? 'bin';
}

/** Content type guessed from a file name or URL path; null when the extension is unknown. */
export function contentTypeFromName(name: string): string | null {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(name.split(/[?#]/)[0] ?? '');
  return match ? (TYPE_BY_EXTENSION[match[1]!.toLowerCase()] ?? null) : null;
}

/** The image type the first bytes announce, or null when they are none of the four. */
export function sniffImageType(bytes: Uint8Array): SniffableImageType | null {
  const at = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  if (bytes.length >= 3 && at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (bytes.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  // RIFF <size:4> WEBP
  if (bytes.length >= 12 && at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  // GIF87a / GIF89a
  if (bytes.length >= 6 && at(0, 0x47, 0x49, 0x46, 0x38) && (at(4, 0x37, 0x61) || at(4, 0x39, 0x61))) return 'image/gif';
  return null;
}

/** Image types sharp can read for thumbnails. */
export function isThumbnailable(contentType: string): boolean {
  return ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/tiff'].includes(normaliseContentType(contentType));
}
