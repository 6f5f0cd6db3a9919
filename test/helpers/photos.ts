/**
 * Real photographs for the face check and the upscaler (test/fixtures/photos: downscaled copies of
 * public-domain and CC0 photos from Debian's python3-skimage): one face (astronaut), none (a cat,
 * a cup of coffee), two (two astronauts side by side), and images that are not what they claim.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

const PHOTOS_DIR = path.resolve(__dirname, '../fixtures/photos');

export type PhotoName = 'astronaut' | 'chelsea' | 'coffee';

/** A fixture photo's JPEG bytes: astronaut 256×256 (one face), chelsea 300×200 (a cat), coffee 300×200. */
export function photo(name: PhotoName): Buffer {
  return readFileSync(path.join(PHOTOS_DIR, `${name}.jpg`));
}

/** Two people: the astronaut twice, side by side (512×256 JPEG). */
export async function twoFacesPhoto(): Promise<Buffer> {
  const one = photo('astronaut');
  return sharp({ create: { width: 512, height: 256, channels: 3, background: '#000000' } })
    .composite([
      { input: one, left: 0, top: 0 },
      { input: one, left: 256, top: 0 },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid PNG header declaring `width`×`height` (8-bit grey) with only a few rows of data: a
 * "decompression bomb" a few hundred bytes long, or, small, a truncated image.
 */
export function declaredPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc(Math.min(height, 4) * (width + 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
