/**
 * Apps group tool pages (tool-catalogue §2): each lists its allowed model ids and a default model.
 * Ids are slugs; the LoRA app is `flux-lora` (core-flow §2: create/flux-lora?lora={id}).
 */
import { z } from 'zod';
import { getModel } from './models';
import { parseList } from './parse';
import { slugSchema } from './schema';

export const appSchema = z
  .object({
    id: slugSchema,
    name: z.string().min(1),
    description: z.string().min(1),
    modelIds: z.array(slugSchema).min(1),
    defaultModelId: slugSchema,
    /** Mode pre-selected when the app opens on a model with modes (e.g. the Max app). */
    defaultMode: slugSchema.optional(),
    category: z.string().optional(),
  })
  .strict()
  .superRefine((app, ctx) => {
    if (!app.modelIds.includes(app.defaultModelId)) {
      ctx.addIssue({ code: 'custom', path: ['defaultModelId'], message: 'must be one of modelIds' });
    }
    app.modelIds.forEach((id, i) => {
      if (!getModel(id)) ctx.addIssue({ code: 'custom', path: ['modelIds', i], message: `unknown model ${id}` });
    });
    if (app.defaultMode) {
      const model = getModel(app.defaultModelId);
      if (!model?.modes?.some((m) => m.value === app.defaultMode)) {
        ctx.addIssue({ code: 'custom', path: ['defaultMode'], message: 'not a mode of the default model' });
      }
    }
  });
export type AppDefinition = z.infer<typeof appSchema>;

const TEXT_TO_IMAGE = ['flux-schnell', 'flux-dev', 'flux-pro', 'flux-1.1-pro', 'flux-1.1-pro-ultra', 'flux-lora'];
const KONTEXT_FAMILY = [
  'flux-kontext',
  'kontext-change-scenery',
  'kontext-location',
  'kontext-renaissance',
  'kontext-hairstyle',
  'kontext-text-remover',
  'kontext-style-effect',
];

export const apps: readonly AppDefinition[] = parseList('app', appSchema, [
  { id: 'flux', name: 'FLUX AI Image Generator', description: 'Every FLUX text-to-image model in one place.', modelIds: TEXT_TO_IMAGE, defaultModelId: 'flux-1.1-pro', category: 'image' },
  { id: 'flux1', name: 'FLUX.1', description: 'The FLUX.1 family: schnell, dev and pro.', modelIds: ['flux-schnell', 'flux-dev', 'flux-pro'], defaultModelId: 'flux-dev', category: 'image' },
  { id: 'flux-dev', name: 'FLUX.1 [dev]', description: 'Open-weight FLUX with guidance control and image-to-image.', modelIds: ['flux-dev'], defaultModelId: 'flux-dev', category: 'image' },
  { id: 'headshot', name: 'AI Headshot Generator', description: 'Professional headshots from a selfie.', modelIds: ['headshot'], defaultModelId: 'headshot', category: 'portrait' },
  { id: 'haircut', name: 'AI Haircut Simulator', description: 'Preview about 100 haircuts on your own photo.', modelIds: ['kontext-hairstyle'], defaultModelId: 'kontext-hairstyle', category: 'portrait' },
  { id: 'flux-schnell', name: 'FLUX.1 [schnell]', description: 'The fastest FLUX model for quick drafts.', modelIds: ['flux-schnell'], defaultModelId: 'flux-schnell', category: 'image' },
  { id: 'flux-1.1', name: 'FLUX 1.1', description: 'FLUX 1.1 pro and ultra.', modelIds: ['flux-1.1-pro', 'flux-1.1-pro-ultra'], defaultModelId: 'flux-1.1-pro', category: 'image' },
  { id: 'flux-pro', name: 'FLUX Pro', description: 'The pro FLUX models.', modelIds: ['flux-pro', 'flux-1.1-pro'], defaultModelId: 'flux-pro', category: 'image' },
  { id: 'flux-ultra', name: 'FLUX 1.1 [pro] ultra', description: 'Up to 4 megapixels with raw mode.', modelIds: ['flux-1.1-pro-ultra'], defaultModelId: 'flux-1.1-pro-ultra', category: 'image' },
  { id: 'flux-redux', name: 'FLUX Redux', description: 'Variations of an image with FLUX Redux, or an image prompt guided by your text.', modelIds: ['flux-redux-dev', 'flux-redux-schnell', 'flux-1.1-pro', 'flux-1.1-pro-ultra', 'flux-pro'], defaultModelId: 'flux-redux-dev', category: 'image' },
  { id: 'flux-canny', name: 'FLUX Canny', description: 'Edge-guided image to image from photos or sketches.', modelIds: ['flux-canny-pro'], defaultModelId: 'flux-canny-pro', category: 'image' },
  { id: 'flux-depth', name: 'FLUX Depth', description: 'Depth-guided image to image.', modelIds: ['flux-depth-pro', 'flux-depth-dev'], defaultModelId: 'flux-depth-pro', category: 'image' },
  { id: 'flux-kontext', name: 'FLUX Kontext', description: 'Edit images with words, plus one-click Kontext edits.', modelIds: KONTEXT_FAMILY, defaultModelId: 'flux-kontext', category: 'edit' },
  { id: 'text-remover', name: 'AI Text Remover', description: 'Remove text and watermarks from images.', modelIds: ['kontext-text-remover'], defaultModelId: 'kontext-text-remover', category: 'edit' },
  { id: 'flux-kontext-max', name: 'FLUX Kontext Max', description: 'Kontext in its highest-quality mode.', modelIds: ['flux-kontext'], defaultModelId: 'flux-kontext', defaultMode: 'max', category: 'edit' },
  { id: 'change-hair-style', name: 'Change Hair Style', description: 'New haircut and hair color on your photo.', modelIds: ['kontext-hairstyle'], defaultModelId: 'kontext-hairstyle', category: 'portrait' },
  { id: 'tools', name: 'AI Image Tools', description: 'Background removal, upscaling, captions and prompts.', modelIds: ['remove-background', 'upscaler', 'image-caption', 'image-to-prompt', 'prompt-adapter', 'kontext-text-remover'], defaultModelId: 'remove-background', category: 'tools' },
  { id: 'flux-fill', name: 'FLUX Fill', description: 'Inpaint a painted area of an image.', modelIds: ['flux-fill-pro'], defaultModelId: 'flux-fill-pro', category: 'edit' },
  { id: 'flux-lora', name: 'FLUX LoRA Styles', description: 'FLUX with about 30 community style LoRAs.', modelIds: ['flux-lora'], defaultModelId: 'flux-lora', category: 'image' },
  { id: 'image-to-image', name: 'Image to Image', description: 'Transform an image with a prompt, a style or its structure.', modelIds: ['flux-kontext', 'flux-dev', 'kontext-style-effect', 'flux-depth-pro', 'flux-depth-dev', 'flux-canny-pro'], defaultModelId: 'flux-kontext', category: 'edit' },
  { id: 'text-to-video', name: 'Text to Video', description: 'Videos from a text description.', modelIds: ['kling-1.6-text-to-video'], defaultModelId: 'kling-1.6-text-to-video', category: 'video' },
  { id: 'image-to-video', name: 'Image to Video', description: 'Bring photos to life with Kling and Pixverse, or a video effect template.', modelIds: ['kling-v2.1-standard', 'kling-v2.1-pro', 'pixverse', 'kling-1.6-multi', 'kling-effects', 'pixverse-effects'], defaultModelId: 'kling-v2.1-standard', category: 'video' },
  { id: 'remove-background', name: 'Remove Background', description: 'Transparent cut-outs in seconds.', modelIds: ['remove-background'], defaultModelId: 'remove-background', category: 'tools' },
  { id: 'upscaler', name: 'AI Upscaler', description: 'Enlarge images up to 8×.', modelIds: ['upscaler'], defaultModelId: 'upscaler', category: 'tools' },
  { id: 'image-to-prompt', name: 'Image to Prompt', description: 'Get a prompt from any image, for any model.', modelIds: ['image-to-prompt', 'prompt-adapter'], defaultModelId: 'image-to-prompt', category: 'tools' },
  { id: 'image-caption', name: 'Image Caption', description: 'Describe images in brief, normal or detailed captions.', modelIds: ['image-caption'], defaultModelId: 'image-caption', category: 'tools' },
  { id: 'pulid', name: 'PuLID Personalized Photos', description: 'New photos of a person from one face photo.', modelIds: ['pulid'], defaultModelId: 'pulid', category: 'portrait' },
  { id: 'relighting', name: 'AI Relighting', description: 'Change the light in any portrait or product photo.', modelIds: ['relight'], defaultModelId: 'relight', category: 'edit' },
]);

export function getApp(id: string): AppDefinition | undefined {
  return apps.find((a) => a.id === id);
}

/**
 * The app a model opens in when a result is handed to it: the app named after the model, else the
 * most focused app (fewest models) that opens on it by default without a preset mode, else the
 * first app that lists it. Undefined for a model no app offers.
 */
export function homeAppOf(modelId: string): AppDefinition | undefined {
  const listing = apps.filter((a) => a.modelIds.includes(modelId));
  const named = listing.find((a) => a.id === modelId);
  if (named) return named;
  const opening = listing.filter((a) => a.defaultModelId === modelId && !a.defaultMode);
  const focused = opening.reduce<AppDefinition | undefined>((best, a) => (!best || a.modelIds.length < best.modelIds.length ? a : best), undefined);
  return focused ?? listing[0];
}
