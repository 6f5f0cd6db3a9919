/**
 * Synchronous text tools (tool-catalogue §9): captioning (modes brief, normal, detailed, 1 credit
 * each, own provider path each), image-to-prompt 1, prompt adapter 1 (targets Flux, Midjourney,
 * Stable Diffusion). Free users wait 30 s.
 */
import { MESSAGES } from '../messages';
import type { ModeDefinition, TextOutputFn } from '../schema';
import { promptAdapterTargets } from '../content/options';
import {
  SAMPLE,
  TEXT_TOOL_WAIT,
  examples,
  imageInput,
  modeControl,
  requireValue,
  rules,
  str,
  requireOneOf,
  type Definition,
} from './common';
import { blipCaptionText, florenceTaskText, plainText, tokenStreamText, writtenPromptText } from './text-output';

const ONE = { type: 'flat', amount: 1 } as const;

export const CAPTION_MODES: readonly ModeDefinition[] = [
  { value: 'brief', label: 'Brief', description: 'One short sentence.', path: 'salesforce/blip', credits: ONE, estimatedDuration: 10 },
  { value: 'normal', label: 'Normal', description: 'A descriptive paragraph.', path: 'lucataco/florence-2-large', credits: ONE, estimatedDuration: 10 },
  { value: 'detailed', label: 'Detailed', description: 'Everything in the picture.', path: 'yorickvp/llava-13b', credits: ONE, estimatedDuration: 10 },
];

/** Each caption mode's model answers in its own shape. */
const CAPTION_TEXT: Record<string, TextOutputFn> = {
  brief: blipCaptionText,
  normal: florenceTaskText,
  detailed: tokenStreamText,
};

const DETAILED_CAPTION_INSTRUCTION =
  'Describe this image in detail: the main subject, setting, colors, lighting, composition, any text, and the overall mood. Answer in plain prose.';

export const imageCaption: Definition = {
  id: 'image-caption',
  local: { operation: 'caption' },
  name: 'Image Caption',
  description: 'Describe any image in words: a short caption, a paragraph or a detailed description.',
  categories: ['Tools', 'Image to Text'],
  credits: ONE,
  modes: [...CAPTION_MODES],
  defaultMode: 'normal',
  ui: {
    syncFailureMessage: MESSAGES.captionFailed,
    outputType: 'text',
    estimatedDuration: 10,
    sampleInputImage: SAMPLE.landscape,
    controls: [imageInput('image_url', 'Image', { required: true }), modeControl(CAPTION_MODES, 'Caption length')],
    examples: examples('image-caption', [{ label: 'Landscape', input: SAMPLE.landscape }]),
  },
  api: {
    platform: 'replicate',
    path: 'lucataco/florence-2-large',
    validate: rules(requireValue('image_url', MESSAGES.inputImageRequired)),
    payload: (input, ctx) => {
      switch (ctx.mode?.value) {
        case 'brief':
          return { image: input.image_url, task: 'image_captioning' };
        case 'detailed':
          return { image: input.image_url, prompt: DETAILED_CAPTION_INSTRUCTION, max_tokens: 1024, temperature: 0.2 };
        default:
          return { image: input.image_url, task_input: 'Detailed Caption' };
      }
    },
    textOutput: (output, ctx) => (CAPTION_TEXT[ctx.mode?.value ?? 'normal'] ?? plainText)(output, ctx),
  },
  defaultValues: {},
  waitTime: TEXT_TOOL_WAIT,
  sync: true,
};

export const imageToPrompt: Definition = {
  id: 'image-to-prompt',
  local: { operation: 'image-to-prompt' },
  name: 'Image to Prompt',
  description: 'Reverse-engineer a text prompt from any image, ready to paste into a generator.',
  categories: ['Tools', 'Image to Text'],
  credits: ONE,
  ui: {
    syncFailureMessage: MESSAGES.promptFailed,
    outputType: 'text',
    estimatedDuration: 5,
    sampleInputImage: SAMPLE.landscape,
    controls: [imageInput('image_url', 'Image', { required: true })],
    examples: examples('image-to-prompt', [{ label: 'Landscape', input: SAMPLE.landscape }]),
  },
  api: {
    platform: 'replicate',
    path: 'pharmapsychotic/clip-interrogator',
    validate: rules(requireValue('image_url', MESSAGES.inputImageRequired)),
    payload: (input) => ({ image: input.image_url, clip_model_name: 'ViT-L-14/openai', mode: 'fast' }),
    textOutput: plainText,
  },
  defaultValues: {},
  waitTime: TEXT_TOOL_WAIT,
  sync: true,
};

export const promptAdapter: Definition = {
  id: 'prompt-adapter',
  local: { operation: 'prompt-adapter' },
  name: 'Prompt Adapter',
  description: 'Turn an image into a prompt written for Flux, Midjourney or Stable Diffusion.',
  categories: ['Tools', 'Image to Text'],
  credits: ONE,
  ui: {
    syncFailureMessage: MESSAGES.promptFailed,
    outputType: 'text',
    estimatedDuration: 5,
    sampleInputImage: SAMPLE.landscape,
    controls: [
      imageInput('image_url', 'Image', { required: true }),
      {
        type: 'button_group_selector',
        name: 'target_model',
        label: 'Target model',
        required: true,
        choices: promptAdapterTargets.map((t) => ({ value: t.value, label: t.label })),
      },
    ],
    examples: examples('prompt-adapter', [{ label: 'For Midjourney', input: SAMPLE.landscape }]),
  },
  api: {
    platform: 'replicate',
    path: 'yorickvp/llava-13b',
    validate: rules(
      requireValue('image_url', MESSAGES.inputImageRequired),
      requireOneOf('target_model', promptAdapterTargets.map((t) => t.value), MESSAGES.targetModelRequired),
    ),
    payload: (input) => ({
      image: input.image_url,
      prompt: promptAdapterTargets.find((t) => t.value === str(input.target_model))?.instruction,
      max_tokens: 400,
      temperature: 0.3,
    }),
    textOutput: writtenPromptText,
  },
  defaultValues: {},
  waitTime: TEXT_TOOL_WAIT,
  sync: true,
};

export const textToolModels = [imageCaption, imageToPrompt, promptAdapter];
