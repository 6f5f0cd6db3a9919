/**
 * FLUX.1 Kontext: ONE model with four modes (core-flow §9): lite 5 credits / 90 s (default),
 * dev ("Standard") 8 / 60 s, pro 16 / 30 s, max 30 / 30 s. Every Kontext-based edit
 * (scenario edits, text remover, style effect) reuses this mode table and payload mapping.
 */
import { MESSAGES } from '../messages';
import type { GenerationInput, ModeDefinition, PayloadContext } from '../schema';
import { promptTemplatesFor } from '../content/prompt-templates';
import {
  KONTEXT_RATIOS,
  KONTEXT_WAIT,
  SAMPLE,
  aspectRatioControl,
  examples,
  hasValue,
  imageInput,
  modeControl,
  modelImage,
  promptControl,
  requirePrompt,
  resolveAspectRatio,
  rules,
  seedControl,
  slider,
  type Definition,
  requireValue,
  type Rule,
} from './common';

export const KONTEXT_MODES: readonly ModeDefinition[] = [
  {
    value: 'lite',
    label: 'Lite',
    description: 'Fastest and cheapest edits. Needs an input image.',
    path: 'prunaai/flux-kontext-dev',
    credits: { type: 'perImage', amount: 5 },
    estimatedDuration: 90,
  },
  {
    value: 'dev',
    label: 'Standard',
    description: 'Open-weight Kontext with adjustable guidance. Needs an input image.',
    path: 'black-forest-labs/flux-kontext-dev',
    credits: { type: 'perImage', amount: 8 },
    estimatedDuration: 60,
  },
  {
    value: 'pro',
    label: 'Pro',
    description: 'High-quality edits, or generation from text alone.',
    path: 'black-forest-labs/flux-kontext-pro',
    credits: { type: 'perImage', amount: 16 },
    estimatedDuration: 30,
  },
  {
    value: 'max',
    label: 'Max',
    description: 'Best quality and typography.',
    path: 'black-forest-labs/flux-kontext-max',
    credits: { type: 'perImage', amount: 30 },
    estimatedDuration: 30,
  },
];

/** Credits of the model's default mode, used when no mode is chosen. */
export function kontextCredits(defaultMode: string) {
  const mode = KONTEXT_MODES.find((m) => m.value === defaultMode);
  if (!mode) throw new Error(`Unknown Kontext mode ${defaultMode}`);
  return mode.credits;
}

/** Kontext dev's own guidance range (overrides the generic 1..100). */
export const kontextGuidanceControl = () =>
  slider('guidance', 'Guidance', { min: 0, max: 10, step: 0.5, default: 2.5 }, {
    description: 'How strictly the edit follows the prompt.',
    dependsOn: { field: 'mode', equals: 'dev' },
    advanced: true,
  });

/**
 * Maps an edit instruction + the form to the mode's provider fields:
 * lite (Pruna) takes `img_cond_path` and `speed_mode`; dev, pro and max (BFL) take `input_image`.
 */
export function kontextPayload(prompt: unknown, input: GenerationInput, ctx: PayloadContext): Record<string, unknown> {
  const image = input.image_url;
  const aspect_ratio = resolveAspectRatio(input.image_size, image);
  switch (ctx.mode?.value) {
    case 'lite':
      return {
        prompt,
        img_cond_path: image,
        aspect_ratio,
        speed_mode: 'Juiced 🔥 (default)',
        num_inference_steps: 30,
        seed: input.seed,
        output_format: 'jpg',
        output_quality: 90,
      };
    case 'dev':
      return {
        prompt,
        input_image: image,
        aspect_ratio,
        guidance: input.guidance,
        num_inference_steps: 30,
        seed: input.seed,
        output_format: 'jpg',
        output_quality: 90,
      };
    default:
      return {
        prompt,
        input_image: image,
        aspect_ratio,
        prompt_upsampling: false,
        safety_tolerance: 2,
        seed: input.seed,
        output_format: 'jpg',
      };
  }
}

/** Lite and Standard cannot generate without an input image. */
const requireImageInLiteAndStandard: Rule = requireValue('image_url', MESSAGES.inputImageRequiredLiteStandard, { field: 'mode', in: ['lite', 'dev'] });

export const fluxKontext: Definition = {
  id: 'flux-kontext',
  name: 'FLUX.1 Kontext',
  description: 'Edit any image with a sentence: change styles, objects, text or backgrounds while keeping the rest intact.',
  categories: ['Image Editing', 'FLUX', 'Kontext'],
  credits: kontextCredits('lite'),
  modes: [...KONTEXT_MODES],
  defaultMode: 'lite',
  ui: {
    outputType: 'image',
    defaultOutput: modelImage('flux-kontext'),
    estimatedDuration: 90,
    sampleInputImage: SAMPLE.portrait,
    controls: [
      modeControl(KONTEXT_MODES),
      imageInput('image_url', 'Input image', { description: 'Required in Lite and Standard modes; optional in Pro and Max.' }),
      { type: 'prompt_template', name: 'prompt', label: 'Templates', templates: promptTemplatesFor('flux-kontext') },
      promptControl({ placeholder: 'Describe the edit, e.g. "make it a rainy night"', showImageToPrompt: false }),
      aspectRatioControl(KONTEXT_RATIOS, 'auto'),
      kontextGuidanceControl(),
      seedControl(),
    ],
    examples: examples('flux-kontext', [
      { label: 'Change the season', prompt: 'make it winter with fresh snow', input: SAMPLE.landscape },
      { label: 'Restyle a portrait', prompt: 'turn this into a watercolor painting', input: SAMPLE.portrait },
    ]),
  },
  api: {
    platform: 'replicate',
    path: 'prunaai/flux-kontext-dev',
    validate: rules(requirePrompt(MESSAGES.promptRequired), requireImageInLiteAndStandard),
    payload: (input, ctx) => kontextPayload(input.prompt, input, ctx),
  },
  defaultValues: {},
  waitTime: KONTEXT_WAIT,
};
