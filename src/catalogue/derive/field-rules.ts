/**
 * Generic field rules of tool-catalogue §5, by form field name. A model's own control range
 * (slider min/max, choices) overrides these bounds.
 */
import { z } from 'zod';
import { ASPECT_RATIOS, IMAGE_URL_FIELDS, INTEGER_FIELDS, MAX_IMAGE_SIDE, NUM_OUTPUTS, SEED_MAX } from '../constants';
import { MESSAGES } from '../messages';
import { inputText, inputUrl } from './text';

export { IMAGE_URL_FIELDS, INTEGER_FIELDS };

/** Image urls: valid http(s) urls or empty. */
export const urlOrEmpty = z.union([z.literal(''), inputUrl]);

/** A base64 png/jpeg/gif data URI (masks drawn in the editor before upload). */
export const imageDataUri = inputText.regex(/^data:image\/(png|jpeg|gif);base64,[A-Za-z0-9+/]+={0,2}$/);

/** mask_image: a url, a base64 png/jpeg/gif data uri, or empty. */
export const maskSchema = z.union([z.literal(''), inputUrl, imageDataUri]);


/** A seed the providers accept; out of range, the message names the field. */
export const seedSchema = (max: number = SEED_MAX) =>
  z.number().int().min(0, MESSAGES.seedOutOfRange).max(Math.min(max, SEED_MAX), MESSAGES.seedOutOfRange);

export const genericFieldRules: Record<string, z.ZodType> = {
  num_outputs: z.number().int().min(NUM_OUTPUTS.min).max(NUM_OUTPUTS.max),
  guidance: z.number().min(1).max(100),
  scale: z.number().int().positive().max(10),
  prompt_strength: z.number().min(0).max(1),
  seed: seedSchema(),
  credit_to_consume: z.number().positive(),
  image_size: z.enum(ASPECT_RATIOS),
  mask_image: maskSchema,
  width: z.number().int().positive().max(MAX_IMAGE_SIDE),
  height: z.number().int().positive().max(MAX_IMAGE_SIDE),
  ...Object.fromEntries(IMAGE_URL_FIELDS.map((f) => [f, urlOrEmpty])),
  input_image_urls: z.array(inputUrl),
};

/** The request fields every model accepts besides its controls (core-flow §3 generate request). */
export const commonFieldRules = {
  model_id: inputText.optional(),
  modelId: inputText.optional(),
  pageId: inputText.optional(),
  appId: inputText.optional(),
  is_public: z.boolean().optional(),
  credit_to_consume: z.number().positive().default(1),
};
