/**
 * An image's real width and height (the share page's Open Graph meta: chat apps size the preview
 * from it), read once from the stored file's header and remembered: stored outputs never change.
 */
import sharp from 'sharp';
import { getStorage } from '~/server/services/storage';

export type MediaSize = { width: number | null; height: number | null };

const UNKNOWN: MediaSize = { width: null, height: null };
const MAX_REMEMBERED = 2_000;
/** Enough bytes for the header of every format we store (PNG, JPEG, WebP). */
const HEADER_BYTES = 64 * 1024;

const remembered = new Map<string, MediaSize>();

export async function mediaSizeOf(key: string, contentType: string): Promise<MediaSize> {
  if (!contentType.startsWith('image/')) return UNKNOWN;
  const known = remembered.get(key);
  if (known) return known;
  const size = await readSize(key).catch(() => UNKNOWN);
  if (size.width !== null) {
    if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value as string);
    remembered.set(key, size);
  }
  return size;
}

async function readSize(key: string): Promise<MediaSize> {
  const object = await getStorage().getObject(key);
  if (!object) return UNKNOWN;
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of object.body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    chunks.push(buffer);
    length += buffer.length;
    if (length >= HEADER_BYTES) break;
  }
  object.body.destroy();
  const { width, height } = await sharp(Buffer.concat(chunks)).metadata();
  return width && height ? { width, height } : UNKNOWN;
}
