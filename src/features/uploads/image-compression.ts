/**
 * Client-side compression before upload (tool-catalogue §5): the image is redrawn on a canvas and
 * re-encoded at quality 0.8. The smaller of original and re-encoded wins when the original is
 * already a type the storage accepts; other image types (GIF, BMP, AVIF...) are converted.
 */
import { IMAGE_EXTENSIONS, UPLOAD_COMPRESSION_QUALITY, UPLOAD_IMAGE_TYPES, type UploadImageType } from '~/catalogue/public';

/** Types the upload route signs: the catalogue's one list (JPEG, PNG, WebP). */
export const UPLOADABLE_TYPES = UPLOAD_IMAGE_TYPES;
export type UploadableType = UploadImageType;

/** The extension an upload's name gets: the first the catalogue lists for its type. */
export const EXTENSION_FOR_TYPE: Record<UploadableType, string> = {
  'image/jpeg': IMAGE_EXTENSIONS['image/jpeg'][0],
  'image/png': IMAGE_EXTENSIONS['image/png'][0],
  'image/webp': IMAGE_EXTENSIONS['image/webp'][0],
};

export type PreparedImage = { blob: Blob; contentType: UploadableType };

export class UnsupportedImageError extends Error {
  constructor(type: string) {
    super(`Unsupported image type: ${type || 'unknown'}`);
    this.name = 'UnsupportedImageError';
  }
}

export function isUploadableType(type: string): type is UploadableType {
  return (UPLOADABLE_TYPES as readonly string[]).includes(type);
}

/** What a decoded image is re-encoded as: the same type when uploadable, PNG for GIF (alpha), JPEG otherwise. */
function targetTypeFor(type: string): UploadableType {
  if (isUploadableType(type)) return type;
  return type === 'image/gif' ? 'image/png' : 'image/jpeg';
}

type Decoded = { source: CanvasImageSource; width: number; height: number; release: () => void };

/** Bitmap decoding (every current browser); jsdom and very old browsers have none. */
function canDecode(): boolean {
  return typeof document !== 'undefined' && typeof createImageBitmap === 'function';
}

async function decode(file: Blob): Promise<Decoded> {
  const bitmap = await createImageBitmap(file);
  return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
}

function encode(canvas: HTMLCanvasElement, type: UploadableType, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/**
 * Re-encodes `file` at `quality`. Falls back to the original file when the browser cannot decode
 * or redraw it and the original is uploadable as it is; otherwise throws UnsupportedImageError.
 */
export async function compressImage(file: Blob, quality: number = UPLOAD_COMPRESSION_QUALITY): Promise<PreparedImage> {
  const original = isUploadableType(file.type) ? ({ blob: file, contentType: file.type } as PreparedImage) : null;
  if (!canDecode()) {
    if (original) return original;
    throw new UnsupportedImageError(file.type);
  }
  let decoded: Decoded;
  try {
    decoded = await decode(file);
  } catch {
    if (original) return original;
    throw new UnsupportedImageError(file.type);
  }
  try {
    const canvas = document.createElement('canvas');
    canvas.width = decoded.width;
    canvas.height = decoded.height;
    const context = canvas.getContext('2d');
    if (!context) {
      if (original) return original;
      throw new UnsupportedImageError(file.type);
    }
    const contentType = targetTypeFor(file.type);
    if (contentType === 'image/jpeg') {
      // JPEG has no alpha: transparent pixels become white rather than black.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
    }
    context.drawImage(decoded.source, 0, 0);
    const blob = await encode(canvas, contentType, quality);
    if (!blob || blob.size === 0) {
      if (original) return original;
      throw new UnsupportedImageError(file.type);
    }
    if (original && original.blob.size <= blob.size) return original;
    return { blob, contentType };
  } finally {
    decoded.release();
  }
}
