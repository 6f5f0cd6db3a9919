/**
 * FLUX text-to-image models on Replicate (core-flow §9): 1.1 pro 16, ultra 25, schnell 1,
 * dev 10, FLUX.1 pro 20 credits per image.
 */
import { MESSAGES } from '../messages';
import {
  FLUX_RATIOS,
  JPEG_OUTPUT,
  STANDARD_WAIT,
  aspectRatioControl,
  examples,
  imageInput,
  modelImage,
  numOutputsControl,
  promptControl,
  requirePrompt,
  rules,
  seedControl,
  slider,
  toggle,
  type Definition,
} from './common';

const IMAGE_PROMPT_FORMATS = ['image/jpeg', 'image/png', 'image/webp'] as const;
const categories = ['Text to Image', 'FLUX'];

const textPrompt = () => promptControl({ showGenerator: true, showImageToPrompt: true });
const imagePrompt = () =>
  imageInput('image_prompt', 'Image prompt', {
    description: 'Optional reference image guiding composition and style (FLUX Redux). JPEG, PNG or WebP.',
    accept: [...IMAGE_PROMPT_FORMATS],
    advanced: true,
  });
const promptUpsampling = () =>
  toggle('prompt_upsampling', 'Prompt upsampling', false, { description: 'Let the model expand your prompt for more creative results.', advanced: true });

export const flux11Pro: Definition = {
  id: 'flux-1.1-pro',
  name: 'FLUX 1.1 [pro]',
  description: 'Fast, high-quality images with excellent prompt adherence. Accepts an image prompt.',
  categories,
  credits: { type: 'perImage', amount: 16 },
  ui: {
    outputType: 'image',
    defaultOutput: modelImage('flux-1.1-pro'),
    estimatedDuration: 20,
    controls: [textPrompt(), imagePrompt(), aspectRatioControl(FLUX_RATIOS, '1:1'), promptUpsampling(), seedControl()],
    examples: examples('flux-1.1-pro', [{ label: 'Editorial portrait', prompt: 'editorial portrait of a ceramic artist in her sunlit studio, clay dust in the air' }]),
  },
  api: {
    platform: 'replicate',
    path: 'black-forest-labs/flux-1.1-pro',
    validate: rules(requirePrompt(MESSAGES.promptRequired)),
    payload: (input) => ({
      prompt: input.prompt,
      aspect_ratio: input.image_size,
      image_prompt: input.image_prompt,
      prompt_upsampling: input.prompt_upsampling,
      safety_tolerance: 2,
      seed: input.seed,
      ...JPEG_OUTPUT,
    }),
  },
  defaultValues: {},
  waitTime: STANDARD_WAIT,
};

export const flux11ProUltra: Definition = {
  id: 'flux-1.1-pro-ultra',
  name: 'FLUX 1.1 [pro] ultra',
  description: 'Up to 4 megapixel images, with a raw mode for natural, less processed photography.',
  categories,
  credits: { type: 'perImage', amount: 25 },
  ui: {
    outputType: 'image',
    defaultOutput: modelImage('flux-1.1-pro-ultra'),
    estimatedDuration: 30,
    controls: [
      textPrompt(),
      imagePrompt(),
      aspectRatioControl(FLUX_RATIOS, '1:1'),
      toggle('raw', 'Raw mode', false, { description: 'Less processed, more natural-looking photos.' }),
      seedControl(),
    ],
    examples: examples('flux-1.1-pro-ultra', [{ label: 'Raw street photo', prompt: 'raw photo of a rainy crosswalk in Tokyo from above, umbrellas' }]),
  },
  api: {
    platform: 'replicate',
    path: 'black-forest-labs/flux-1.1-pro-ultra',
    validate: rules(requirePrompt(MESSAGES.promptRequired)),
    payload: (input) => ({
      prompt: input.prompt,
      aspect_ratio: input.image_size,
      image_prompt: input.image_prompt,
      raw: input.raw,
      safety_tolerance: 2,
      seed: input.seed,
      output_format: 'jpg',
    }),
  },
  defaultValues: {},
  waitTime: STANDARD_WAIT,
};

export const fluxSchnell: Definition = {
  id: 'flux-schnell',
  name: 'FLUX.1 [schnell]',
  description: 'The fastest FLUX model: drafts and ideas in seconds for 1 credit.',
  categories,
  credits: { type: 'perImage', amount: 1 },
  ui: {
    outputType: 'image',
    defaultOutput: modelImage('flux-schnell'),
    estimatedDuration: 20,
    controls: [textPrompt(), aspectRatioControl(FLUX_RATIOS, '1:1'), numOutputsControl(), seedControl()],
    examples: examples('flux-schnell', [{ label: 'Quick concept', prompt: 'a cozy cabin in a snowy forest at blue hour, warm windows' }]),
  },
  api: {
    platform: 'replicate',
    path: 'black-forest-labs/flux-schnell',
    validate: rules(requirePrompt(MESSAGES.promptRequired)),
    payload: (input) => ({
      prompt: input.prompt,
      aspect_ratio: input.image_size,
      num_outputs: input.num_outputs,
      num_inference_steps: 4,
      seed: input.seed,
      ...JPEG_OUTPUT,
    }),
  },
  defaultValues: {},
  waitTime: STANDARD_WAIT,
};

export const fluxDev: Definition = {
  id: 'flux-dev',
  name: 'FLUX.1 [dev]',
  description: 'Open-weight FLUX with adjustable guidance; add an image for image-to-image.',
  categories: [...categories, 'Image to Image'],
  credits: { type: 'perImage', amount: 10 },
  ui: {
    outputType: 'image',
    defaultOutput: modelImage('flux-dev'),
    estimatedDuration: 30,
    controls: [
      textPrompt(),
      imageInput('image_url', 'Input image', { description: 'Optional: start from this image instead of noise.' }),
      slider('prompt_strength', 'Prompt strength', { min: 0, max: 1, step: 0.1, default: 0.8 }, {
        description: 'How much the prompt may change the input image (1 = ignore the image).',
        dependsOn: { field: 'image_url', exists: true },
      }),
      aspectRatioControl(FLUX_RATIOS, '1:1', { dependsOn: { field: 'image_url', exists: false } }),
      slider('guidance', 'Guidance', { min: 0, max: 10, step: 0.5, default: 3 }, { advanced: true }),
      numOutputsControl(),
      seedControl(),
    ],
    examples: examples('flux-dev', [{ label: 'Product shot', prompt: 'a glass perfume bottle on wet black stone, soft rim light' }]),
  },
  api: {
    platform: 'replicate',
    path: 'black-forest-labs/flux-dev',
    validate: rules(requirePrompt(MESSAGES.promptRequired)),
    payload: (input) => ({
      prompt: input.prompt,
      aspect_ratio: input.image_size,
      image: input.image_url,
      prompt_strength: input.image_url ? input.prompt_strength : undefined,
      guidance: input.guidance,
      num_outputs: input.num_outputs,
      num_inference_steps: 28,
      seed: input.seed,
      ...JPEG_OUTPUT,
    }),
  },
  defaultValues: {},
  waitTime: STANDARD_WAIT,
};

export const fluxPro: Definition = {
  id: 'flux-pro',
  name: 'FLUX.1 [pro]',
  description: 'The original FLUX pro model with guidance control and image prompts.',
  categories,
  credits: { type: 'perImage', amount: 20 },
  ui: {
    outputType: 'image',
    defaultOutput: modelImage('flux-pro'),
    estimatedDuration: 30,
    controls: [
      textPrompt(),
      imagePrompt(),
      aspectRatioControl(FLUX_RATIOS, '1:1'),
      slider('guidance', 'Guidance', { min: 2, max: 5, step: 0.5, default: 3 }, { description: 'Higher follows the prompt more strictly.' }),
      promptUpsampling(),
      seedControl(),
    ],
    examples: examples('flux-pro', [{ label: 'Concept art', prompt: 'a floating market in a canyon city, hanging bridges, painterly concept art' }]),
  },
  api: {
    platform: 'replicate',
    path: 'black-forest-labs/flux-pro',
    validate: rules(requirePrompt(MESSAGES.promptRequired)),
    payload: (input) => ({
      prompt: input.prompt,
      aspect_ratio: input.image_size,
      image_prompt: input.image_prompt,
      guidance: input.guidance,
      steps: 25,
      prompt_upsampling: input.prompt_upsampling,
      safety_tolerance: 2,
      seed: input.seed,
      // core-flow §7: output_quality 90, 85 for pro.
      output_format: 'jpg',
      output_quality: 85,
    }),
  },
  defaultValues: {},
  waitTime: STANDARD_WAIT,
};

export const fluxTextToImageModels = [flux11Pro, flux11ProUltra, fluxSchnell, fluxDev, fluxPro];
