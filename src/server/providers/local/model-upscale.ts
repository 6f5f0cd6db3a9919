/**
 * The local engine's upscaler for real: ESRGAN-slim (a super-resolution model whose weights ship
 * in its npm package) at the scale the form asks, in the inference worker, tile by tile. The model
 * works on RGB; an alpha channel is enlarged beside it (Lanczos) and joined back, and the output
 * keeps the input's aspect ratio. The result says which model made it and how. Only when the model
 * cannot be loaded here does the classical resize stand in, and then the result says that instead.
 */
import { ESRGAN_SCALES, esrganUpscale, isInferenceError, type EsrganScale, type UpscaleProgress } from '~/server/inference';
import { boundedSharp as sharp, MAX_INPUT_PIXELS } from './bounded-sharp';
import { MAX_UPSCALE_SIDE, upscale as resizeUpscale } from './image-operations';

/**
 * The most input pixels the model works on in one job: 512², about 8 s of one core here (the model
 * costs ~30 µs an input pixel). A larger input is reduced to this first, then the model's output
 * is resized to the size asked for, and the result says so. At 1024² a FLUX-sized result takes
 * ~30 s idle and over 50 s on a busy 2-core machine (BENCHMARKS.md): too long to wait for a local
 * preview.
 */
export const MODEL_MAX_INPUT_PIXELS = 512 * 512;

type Size = { width: number; height: number };

export type UpscalePlan = {
  /** The size asked for: the input × the scale, its long side within MAX_UPSCALE_SIDE. */
  target: Size;
  /** The weights used: the largest of the model's scales not above the one asked (2 below that). */
  modelScale: EsrganScale;
  /** What the model is given: the input itself, or the input reduced (budget, or a ×2 model above a smaller target). */
  modelInput: Size;
};

export function planUpscale(width: number, height: number, scale: number): UpscalePlan {
  const factor = Math.max(1, Math.min(8, Number.isFinite(scale) ? scale : 2));
  const fit = Math.min(1, MAX_UPSCALE_SIDE / Math.max(width * factor, height * factor));
  const target = { width: Math.max(1, Math.round(width * factor * fit)), height: Math.max(1, Math.round(height * factor * fit)) };
  const effective = Math.max(target.width / width, target.height / height);
  const modelScale = [...ESRGAN_SCALES].reverse().find((s) => s <= Math.max(2, effective)) ?? 2;
  // Reduced only to keep the model's output within the target and its input within the budget.
  const reduce = Math.min(1, target.width / (width * modelScale), target.height / (height * modelScale), Math.sqrt(MODEL_MAX_INPUT_PIXELS / (width * height)));
  const modelInput = reduce < 1 ? { width: Math.max(1, Math.round(width * reduce)), height: Math.max(1, Math.round(height * reduce)) } : { width, height };
  return { target, modelScale, modelInput };
}

export function modelLabel(plan: UpscalePlan, input: Size): string {
  const { target, modelScale, modelInput } = plan;
  const steps = [`its ×${modelScale} weights`];
  if (modelInput.width !== input.width || modelInput.height !== input.height) steps.push(`on the image reduced to ${modelInput.width}×${modelInput.height} first`);
  if (modelInput.width * modelScale !== target.width || modelInput.height * modelScale !== target.height) steps.push(`then resized to ${target.width}×${target.height}`);
  return `Upscaled to ${target.width}×${target.height} by ESRGAN-slim, a model run on this server (${steps.join(', ')}).`;
}

export function fallbackLabel(target: Size): string {
  return `Upscaled to ${target.width}×${target.height} by resizing (Lanczos): the local ESRGAN-slim model could not be loaded on this server.`;
}

export const MODEL_STOPPED_MESSAGE = 'The local upscaling model stopped while working on this image. Your credits have been refunded.';

/** A damaged file, or one declaring more pixels than the local engine opens (40 megapixels): never handed to the model. */
export const UNREADABLE_INPUT_MESSAGE = 'The image could not be read (it is damaged, or larger than 40 megapixels). Your credits have been refunded.';

function unreadable(error: unknown): Error {
  return new Error(UNREADABLE_INPUT_MESSAGE, { cause: error });
}

export type UpscaleResult = { png: Buffer; label: string };

export type UpscaleOptions = { onProgress?: (progress: UpscaleProgress) => void; signal?: AbortSignal };

export async function modelUpscale(input: Buffer, scale: number, options: UpscaleOptions = {}): Promise<UpscaleResult> {
  const meta = await sharp(input)
    .metadata()
    .catch((error: unknown) => {
      throw unreadable(error);
    });
  // Upright, as people see it: the EXIF orientation is applied (the output carries none).
  const size = meta.autoOrient ?? { width: meta.width ?? 0, height: meta.height ?? 0 };
  if (!(size.width > 0 && size.height > 0) || size.width * size.height * (meta.pages ?? 1) > MAX_INPUT_PIXELS) throw unreadable(`${size.width}×${size.height}`);
  const plan = planUpscale(size.width, size.height, scale);
  let upscaled;
  try {
    upscaled = await esrganUpscale(
      // Decoded when its turn comes, so upscales waiting in line hold no pixels.
      async () => {
        const { data, info } = await sharp(input, { autoOrient: true })
          .removeAlpha()
          .toColourspace('srgb')
          .resize({ ...plan.modelInput, fit: 'fill', kernel: 'lanczos3' })
          .raw({ depth: 'uchar' })
          .toBuffer({ resolveWithObject: true })
          .catch((error: unknown) => {
            throw unreadable(error);
          });
        return { width: info.width, height: info.height, pixels: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
      },
      plan.modelScale,
      options,
    );
  } catch (error) {
    // The job fails (and is refunded); the next one gets a fresh worker.
    if (isInferenceError(error, 'InferenceCrashError')) throw new Error(MODEL_STOPPED_MESSAGE, { cause: error });
    if (!isInferenceError(error, 'InferenceUnavailableError')) throw error;
    console.error('[local engine] ESRGAN-slim unavailable, resizing instead:', error.message);
    return { png: await resizeUpscale(input, scale), label: fallbackLabel(plan.target) };
  }
  let image = sharp(Buffer.from(upscaled.pixels.buffer, upscaled.pixels.byteOffset, upscaled.pixels.byteLength), {
    raw: { width: upscaled.width, height: upscaled.height, channels: 3 },
    limitInputPixels: false,
  });
  if (upscaled.width !== plan.target.width || upscaled.height !== plan.target.height) {
    image = sharp(await image.resize({ ...plan.target, fit: 'fill', kernel: 'lanczos3' }).raw().toBuffer(), {
      raw: { ...plan.target, channels: 3 },
      limitInputPixels: false,
    });
  }
  if (meta.hasAlpha) {
    const alpha = await sharp(input, { autoOrient: true })
      .toColourspace('srgb')
      .ensureAlpha()
      .extractChannel(3)
      .resize({ ...plan.target, fit: 'fill', kernel: 'lanczos3' })
      .raw({ depth: 'uchar' })
      .toBuffer();
    image = image.joinChannel(alpha, { raw: { ...plan.target, channels: 1 } });
  }
  return { png: await image.png().toBuffer(), label: modelLabel(plan, size) };
}
