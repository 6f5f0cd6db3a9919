/**
 * Decoding an image for a model, with limits checked before any pixel is decoded: its size in
 * bytes, its pixel count (a small PNG can declare 16k×16k and decode to a gigabyte), and the time
 * libvips may spend. A file that is not an image we can read, is cut short or breaks a limit is
 * refused with a reason; nothing of it reaches the worker.
 */
import sharp, { type Metadata } from 'sharp';
import type { RgbImage } from './protocol';

export type DecodeLimits = { maxBytes: number; maxPixels: number; timeoutSeconds: number };

export type UnreadableReason = 'not_an_image' | 'too_many_bytes' | 'too_many_pixels';

export class UnreadableImageError extends Error {
  constructor(
    readonly reason: UnreadableReason,
    detail: string,
  ) {
    super(`The image could not be read (${reason}): ${detail}`);
    this.name = 'UnreadableImageError';
  }
}

/** Its pixels as 8-bit RGB, upright (EXIF orientation applied), transparency over white, within `fitInside` on each side. */
export async function decodeRgb(bytes: Buffer, limits: DecodeLimits, fitInside: number): Promise<RgbImage> {
  if (bytes.length > limits.maxBytes) throw new UnreadableImageError('too_many_bytes', `${bytes.length} bytes`);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new UnreadableImageError('not_an_image', error instanceof Error ? error.message : String(error));
  }
  const { width = 0, height = 0 } = meta;
  // Every frame of an animation counts: libvips would decode them all.
  const pixels = width * height * (meta.pages ?? 1);
  if (!(width > 0 && height > 0)) throw new UnreadableImageError('not_an_image', 'no dimensions');
  if (pixels > limits.maxPixels) throw new UnreadableImageError('too_many_pixels', `${width}×${height}×${meta.pages ?? 1}`);
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: limits.maxPixels, autoOrient: true, failOn: 'error' })
      .timeout({ seconds: limits.timeoutSeconds })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .resize({ width: fitInside, height: fitInside, fit: 'inside', withoutEnlargement: true })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`${info.channels} channels after conversion`);
    return { width: info.width, height: info.height, pixels: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  } catch (error) {
    throw new UnreadableImageError('not_an_image', error instanceof Error ? error.message : String(error));
  }
}
