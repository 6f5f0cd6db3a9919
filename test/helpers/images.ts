/** Tiny real images made with sharp (decodable, with the right magic bytes) for upload and proxy tests. */
import sharp from 'sharp';

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';

export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** A solid-colour image of the given format and size (default 16x16). */
export async function makeImage(format: ImageFormat, options: { width?: number; height?: number; color?: string } = {}): Promise<Buffer> {
  const image = sharp({
    create: { width: options.width ?? 16, height: options.height ?? 16, channels: 3, background: options.color ?? '#3366cc' },
  });
  return image.toFormat(format).toBuffer();
}

export const makePng = (options?: Parameters<typeof makeImage>[1]) => makeImage('png', options);
export const makeJpeg = (options?: Parameters<typeof makeImage>[1]) => makeImage('jpeg', options);
export const makeWebp = (options?: Parameters<typeof makeImage>[1]) => makeImage('webp', options);
export const makeGif = (options?: Parameters<typeof makeImage>[1]) => makeImage('gif', options);

/** Width, height and format of an image buffer (to check thumbnails and round trips). */
export async function imageInfo(bytes: Buffer): Promise<{ width: number; height: number; format: string }> {
  const meta = await sharp(bytes).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0, format: meta.format ?? 'unknown' };
}
