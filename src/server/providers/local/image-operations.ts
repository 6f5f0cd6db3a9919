/**
 * Real, classical image operations the local engine can do without a model: resize-based
 * upscaling (the upscaler's fallback when its model cannot load, model-upscale.ts), corner-colour
 * background removal, edge maps, relighting by modulation, mask blur, and a labelled edit preview
 * for instruction edits.
 */
import { boundedSharp as sharp } from './bounded-sharp';

/** The long side of an upscaled image: also bounds a tall or wide input's output, not just its width. */
export const MAX_UPSCALE_SIDE = 8192;

export async function upscale(input: Buffer, scale: number): Promise<Buffer> {
  const meta = await sharp(input).metadata();
  const factor = Math.max(1, Math.min(8, scale));
  const width = Math.round((meta.width ?? 512) * factor);
  const height = Math.round((meta.height ?? 512) * factor);
  const fit = Math.min(1, MAX_UPSCALE_SIDE / Math.max(width, height));
  return sharp(input)
    .resize({ width: Math.max(1, Math.round(width * fit)), height: Math.max(1, Math.round(height * fit)), fit: 'fill', kernel: 'lanczos3' })
    .png()
    .toBuffer();
}

/** Pixels close to the average corner colour become transparent. */
export async function removeBackground(input: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(input).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const at = (x: number, y: number) => (y * width + x) * channels;
  const corners = [at(0, 0), at(width - 1, 0), at(0, height - 1), at(width - 1, height - 1)];
  const bg = [0, 1, 2].map((c) => corners.reduce((sum, i) => sum + (data[i + c] ?? 0), 0) / corners.length);
  for (let i = 0; i < data.length; i += channels) {
    const distance = Math.hypot((data[i] ?? 0) - (bg[0] ?? 0), (data[i + 1] ?? 0) - (bg[1] ?? 0), (data[i + 2] ?? 0) - (bg[2] ?? 0));
    if (distance < 48) data[i + 3] = 0;
  }
  return sharp(data, { raw: { width, height, channels } }).png().toBuffer();
}

export async function edgeMap(input: Buffer): Promise<Buffer> {
  return sharp(input)
    .greyscale()
    .convolve({ width: 3, height: 3, kernel: [-1, -1, -1, -1, 8, -1, -1, -1, -1] })
    .normalise()
    .jpeg({ quality: 90 })
    .toBuffer();
}

export async function depthLike(input: Buffer): Promise<Buffer> {
  return sharp(input).greyscale().blur(6).normalise().jpeg({ quality: 90 }).toBuffer();
}

export async function relight(input: Buffer, seedByte: number): Promise<Buffer> {
  return sharp(input).modulate({ brightness: 1.15, saturation: 1.1, hue: Math.round((seedByte / 255) * 60) - 30 }).jpeg({ quality: 90 }).toBuffer();
}

/** Blurs the painted (white) area of the mask: a classical stand-in for inpainting. */
export async function fillMasked(input: Buffer, mask: Buffer): Promise<Buffer> {
  const { width = 512, height = 512 } = await sharp(input).metadata();
  const alpha = await sharp(mask).resize(width, height, { fit: 'fill' }).greyscale().extractChannel(0).raw().toBuffer();
  const blurred = await sharp(input).removeAlpha().blur(18).joinChannel(alpha, { raw: { width, height, channels: 1 } }).png().toBuffer();
  return sharp(input).composite([{ input: blurred }]).jpeg({ quality: 90 }).toBuffer();
}

/** Instruction edits: the input image, toned and captioned with the instruction, marked as a preview. */
export async function editPreview(input: Buffer, caption: string, seedByte: number): Promise<Buffer> {
  const resized = await sharp(input).resize({ width: 1024, height: 1024, fit: 'inside', withoutEnlargement: true }).toBuffer();
  const { width = 1024, height = 1024 } = await sharp(resized).metadata();
  const fontSize = Math.max(14, Math.round(Math.min(width, height) / 28));
  const safe = caption.replace(/[<>&'"]/g, ' ').slice(0, 90);
  const overlay = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect y="${height - fontSize * 3}" width="${width}" height="${fontSize * 3}" fill="black" opacity="0.45"/><text x="${fontSize}" y="${height - fontSize * 1.6}" font-family="DejaVu Sans, sans-serif" font-size="${fontSize}" fill="white">${safe}</text><text x="${fontSize}" y="${height - fontSize * 0.5}" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(fontSize * 0.6)}" fill="white" opacity="0.8">Local preview — no AI model was called</text></svg>`,
  );
  return sharp(resized)
    .modulate({ hue: Math.round((seedByte / 255) * 90) - 45, saturation: 1.2 })
    .composite([{ input: overlay }])
    .jpeg({ quality: 90 })
    .toBuffer();
}
