/**
 * What the local engine does for each kind of tool. The kind comes from the model's catalogue
 * definition (`local` field), so this file never looks at model ids.
 */
import { inputImagesOf, sizeForAspectRatio, type LocalOperation, type ModelDefinition } from '~/catalogue';
import { adaptPrompt, describeImage, promptFromImage } from './describe-image';
import { depthLike, edgeMap, editPreview, fillMasked, relight, removeBackground } from './image-operations';
import type { InputImageReader, ProviderFile } from '../types';
import { modelUpscale, type UpscaleOptions } from './model-upscale';
import { digest } from './palette';
import { renderPreview } from './render-preview';
import { renderPreviewVideo } from './render-video';

/** `text`: a text tool's answer, or the label of an image result saying what made it. */
export type LocalResult = { files: ProviderFile[]; text: string | null };

/**
 * Operations that run a real model (in the inference worker): they start at once and report their
 * own place in line and progress, instead of playing out the model's estimated duration first.
 */
export const MODEL_OPERATIONS: ReadonlySet<LocalOperation> = new Set<LocalOperation>(['upscale']);

/** What a model operation reports while it runs, and how a canceled job stops it. */
export type OperationContext = UpscaleOptions;

type Input = Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

function firstImage(input: Input): string | undefined {
  return inputImagesOf(input)[0];
}

/** What the local engine does for a model: decided once, by the catalogue's define(). */
export function localOperationFor(model: ModelDefinition): LocalOperation {
  return model.local.operation;
}

async function still(model: ModelDefinition, input: Input, index: number, loadInputImage: InputImageReader): Promise<Buffer> {
  const image = firstImage(input);
  const seed = typeof input.seed === 'number' ? input.seed : 0;
  if (image) return editPreview(await loadInputImage(image), str(input.prompt) ?? model.name, digest(seed, index)[0] ?? 0);
  const { width, height } = sizeForAspectRatio(str(input.aspect_ratio) ?? str(input.image_size), 1024);
  return renderPreview({ prompt: str(input.prompt) ?? model.name, seed, index, width, height, modelName: model.name });
}

export async function runLocalOperation(
  model: ModelDefinition,
  input: Input,
  outputNum: number,
  loadInputImage: InputImageReader,
  context: OperationContext = {},
): Promise<LocalResult> {
  const operation = localOperationFor(model);
  const seed = typeof input.seed === 'number' ? input.seed : 0;
  const jpeg = (buffer: Buffer): ProviderFile => ({ buffer, contentType: 'image/jpeg' });
  const png = (buffer: Buffer): ProviderFile => ({ buffer, contentType: 'image/png' });
  const needImage = async () => {
    const url = firstImage(input);
    if (!url) throw new Error('An input image is required.');
    return loadInputImage(url);
  };
  switch (operation) {
    case 'text-to-image':
    case 'edit': {
      const files: ProviderFile[] = [];
      for (let i = 0; i < outputNum; i += 1) files.push(jpeg(await still(model, input, i, loadInputImage)));
      return { files, text: null };
    }
    case 'upscale': {
      const result = await modelUpscale(await needImage(), Number(input.scale ?? 2), context);
      const unavailable = input.face_enhance === true ? ' Face enhancement (GFPGAN) is not available on this server.' : '';
      return { files: [png(result.png)], text: `${result.label}${unavailable}` };
    }
    case 'remove-background':
      return { files: [png(await removeBackground(await needImage()))], text: null };
    case 'edges':
      return { files: [jpeg(await edgeMap(await needImage()))], text: null };
    case 'depth':
      return { files: [jpeg(await depthLike(await needImage()))], text: null };
    case 'relight':
      return { files: [jpeg(await relight(await needImage(), digest(seed)[0] ?? 0))], text: null };
    case 'fill': {
      const mask = str(input.mask_image);
      if (!mask) throw new Error('A mask is required.');
      return { files: [jpeg(await fillMasked(await needImage(), await loadInputImage(mask)))], text: null };
    }
    case 'video': {
      const seconds = Math.min(10, Number(input.duration ?? 5));
      // The preview clip is kept short (about half the requested length) to stay light on disk.
      const clip = await renderPreviewVideo(await still(model, input, 0, loadInputImage), Math.max(2, seconds / 2));
      return { files: [{ buffer: clip, contentType: 'video/mp4' }], text: null };
    }
    case 'caption': {
      const mode = str(input.mode);
      const detail = mode === 'brief' || mode === 'detailed' ? mode : 'normal';
      return { files: [], text: await describeImage(await needImage(), detail) };
    }
    case 'image-to-prompt':
      return { files: [], text: await promptFromImage(await needImage()) };
    case 'prompt-adapter': {
      // What can honestly be said about the image, in the target model's prompt style.
      const base = str(input.prompt) ?? (await describeImage(await needImage(), 'brief')).replace(/\.$/, '');
      return { files: [], text: adaptPrompt(base, str(input.target_model) ?? 'flux') };
    }
  }
}
