/** Schemas of the catalogue's content lists (core-flow §3, tool-catalogue §3). */
import { z } from 'zod';
import { assetPathSchema, slugSchema } from '../schema';

export const loraSchema = z
  .object({
    id: slugSchema,
    /** Author handle on the model hub. */
    handle: z.string().min(1),
    label: z.string().min(1),
    defaultPrompt: z.string().min(1),
    image: assetPathSchema,
    /** `/models/{id}` (core-flow §2). */
    detailsLink: z.string().startsWith('/models/'),
    tags: z.array(z.string().min(1)).min(1),
    type: z.enum(['style', 'realism', 'illustration', 'concept', 'design']),
    description: z.string().min(1),
    triggerWords: z.array(z.string()),
    /** Put the trigger words after the prompt instead of before it. */
    triggerWordsAtEnd: z.boolean(),
    recommendLoraScale: z.number().min(0).max(2),
    commercialInfo: z
      .object({
        commercialUse: z.boolean(),
        license: z.string().min(1),
        /** 'not for commercial use' where the license forbids it (core-flow §6). */
        notice: z.literal('not for commercial use').optional(),
      })
      .strict()
      .refine((c) => c.commercialUse === (c.notice === undefined), 'notice must be set exactly when commercialUse is false'),
    /** Hub counters when known; null until fetched (a made-up 0 would claim nobody uses it). */
    downloads: z.number().int().min(0).nullable(),
    likes: z.number().int().min(0).nullable(),
    created_at: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    repo_id: z.string().regex(/^[\w.-]+\/[\w.-]+$/),
    /** Weights file: the `path` fal's flux-lora takes. */
    url: z.url(),
    /** Reference Replicate's LoRA-aware FLUX models accept as `lora_weights`. */
    replicateId: z.string().min(1),
    /** Number of entries in the model page's FAQ, how-to and tips sections (derive/lora-page). */
    contentLengths: z.object({ faq: z.number().int().min(0), howTo: z.number().int().min(0), tips: z.number().int().min(0) }).strict(),
    examplesKey: slugSchema,
    isNew: z.boolean(),
  })
  .strict();
export type Lora = z.infer<typeof loraSchema>;

export const imageEffectSchema = z
  .object({
    id: slugSchema,
    name: z.string().min(1),
    description: z.string().min(1),
    /** Instruction sent to the Kontext edit model. */
    effectPrompt: z.string().min(1),
    sampleImageUrl: assetPathSchema,
    previewImage: assetPathSchema,
    isHot: z.boolean(),
    isNew: z.boolean(),
    examples: z.array(z.object({ input: assetPathSchema, output: assetPathSchema }).strict()).min(1),
  })
  .strict();
export type ImageEffect = z.infer<typeof imageEffectSchema>;

export const videoEffectSchema = z
  .object({
    id: slugSchema,
    name: z.string().min(1),
    description: z.string().min(1),
    /** Motion prompt sent with the template. */
    prompt: z.string().min(1),
    /** Same text under core-flow's field name. */
    effectPrompt: z.string().min(1),
    /** The effect model that runs this template. */
    modelId: z.enum(['kling-effects', 'pixverse-effects']),
    /** The provider's own effect value (Kling `effect_scene`, Pixverse `effect`); null = prompt only. */
    providerEffect: z.string().min(1).nullable(),
    /** How many photos the template takes (hug and kiss take two people). */
    imageCount: z.union([z.literal(1), z.literal(2)]),
    sampleImageUrl: assetPathSchema,
    previewImage: assetPathSchema,
    /** An .mp4 preview; absent until one is recorded (the preview image is shown instead). */
    previewVideo: assetPathSchema.optional(),
    isHot: z.boolean(),
    isNew: z.boolean(),
    examples: z
      .array(z.object({ inputImages: z.array(assetPathSchema).min(1).max(2), outputVideo: assetPathSchema.optional(), outputPreview: assetPathSchema }).strict())
      .min(1),
  })
  .strict()
  .refine((e) => e.examples.every((x) => x.inputImages.length === e.imageCount), 'examples must carry imageCount input images');
export type VideoEffect = z.infer<typeof videoEffectSchema>;

/** A scene, location or style preset: the label is shown, the prompt is what the edit asks for. */
export const presetSchema = z
  .object({ id: slugSchema, label: z.string().min(1), prompt: z.string().min(1) })
  .strict();
export type Preset = z.infer<typeof presetSchema>;

export const hairColorSchema = z
  .object({ id: slugSchema, label: z.string().min(1), swatch: z.string().regex(/^#[0-9a-f]{6}$/i) })
  .strict();
export type HairColor = z.infer<typeof hairColorSchema>;

export const haircutSchema = z
  .object({ id: slugSchema, label: z.string().min(1), length: z.enum(['short', 'medium', 'long']) })
  .strict();
export type Haircut = z.infer<typeof haircutSchema>;

export const optionSchema = z.object({ value: z.string().min(1), label: z.string().min(1) }).strict();
export type CatalogueOption = z.infer<typeof optionSchema>;

export const promptTemplateEntrySchema = z
  .object({ id: slugSchema, label: z.string().min(1), prompt: z.string().min(1), modelIds: z.array(slugSchema).min(1) })
  .strict();
export type PromptTemplateEntry = z.infer<typeof promptTemplateEntrySchema>;

export const promptAdapterTargetSchema = z
  .object({ value: slugSchema, label: z.string().min(1), instruction: z.string().min(1) })
  .strict();
export type PromptAdapterTarget = z.infer<typeof promptAdapterTargetSchema>;
