/**
 * FLUX.1 Redux on Replicate: variations of an image (its `redux_image` replaces the prompt).
 * Priced like their base models (dev 10, schnell 1 credit per image): Replicate bills Redux the
 * same as FLUX.1 [dev] and [schnell].
 */
import { MESSAGES } from '../messages';
import {
  FLUX_RATIOS,
  JPEG_OUTPUT,
  SAMPLE,
  STANDARD_WAIT,
  aspectRatioControl,
  examples,
  imageInput,
  modelImage,
  numOutputsControl,
  requireValue,
  rules,
  seedControl,
  slider,
  type Definition,
} from './common';

const categories = ['Image Variation', 'FLUX', 'Redux'];

/** The image the variations come from: first on the form, required. */
const sourceImage = () =>
  imageInput('image_url', 'Image to vary', {
    required: true,
    description: 'New images keep its subject, style and mood. JPEG, PNG or WebP.',
    accept: ['image/jpeg', 'image/png', 'image/webp'],
  });

export const fluxReduxDev: Definition = {
  id: 'flux-redux-dev',
  name: 'FLUX.1 Redux [dev]',
  description: 'Variations of your image: FLUX Redux keeps its subject and style and re-imagines the rest.',
  categories,
  credits: { type: 'perImage', amount: 10 },
  ui: {
    outputType: 'image',
    defaultOutput: modelImage('flux-redux-dev'),
    estimatedDuration: 30,
    sampleInputImage: SAMPLE.landscape,
    controls: [
      sourceImage(),
      aspectRatioControl(FLUX_RATIOS, '1:1'),
      slider('guidance', 'Guidance', { min: 0, max: 10, step: 0.5, default: 3 }, { advanced: true }),
      numOutputsControl(),
      seedControl(),
    ],
    examples: examples('flux-redux-dev', [{ label: 'Variations of a landscape', input: SAMPLE.landscape }]),
  },
  api: {
    platform: 'replicate',
    path: 'black-forest-labs/flux-redux-dev',
    validate: rules(requireValue('image_url', MESSAGES.anInputImageRequired)),
    payload: (input) => ({
      redux_image: input.image_url,
      aspect_ratio: input.image_size,
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

export const fluxReduxSchnell: Definition = {
  id: 'flux-redux-schnell',
  name: 'FLUX.1 Redux [schnell]',
  description: 'Fast variations of your image in seconds, for 1 credit each.',
  categories,
  credits: { type: 'perImage', amount: 1 },
  ui: {
    outputType: 'image',
    defaultOutput: modelImage('flux-redux-schnell'),
    estimatedDuration: 20,
    sampleInputImage: SAMPLE.product,
    controls: [sourceImage(), aspectRatioControl(FLUX_RATIOS, '1:1'), numOutputsControl(), seedControl()],
    examples: examples('flux-redux-schnell', [{ label: 'Product variations', input: SAMPLE.product }]),
  },
  api: {
    platform: 'replicate',
    path: 'black-forest-labs/flux-redux-schnell',
    validate: rules(requireValue('image_url', MESSAGES.anInputImageRequired)),
    payload: (input) => ({
      redux_image: input.image_url,
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

export const fluxReduxModels = [fluxReduxDev, fluxReduxSchnell];
