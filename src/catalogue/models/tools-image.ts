/** Image utilities (tool-catalogue §9): remove background 1 credit, upscaler 2 (scale 1..8, default 2). */
import { MESSAGES } from '../messages';
import {
  SAMPLE,
  STANDARD_WAIT,
  examples,
  imageInput,
  modelImage,
  num,
  requireValue,
  rules,
  slider,
  toggle,
  optionalRange,
  type Definition,
} from './common';

export const UPSCALE = { min: 1, max: 8, step: 1, default: 2 } as const;

export const removeBackground: Definition = {
  id: 'remove-background',
  local: { operation: 'remove-background' },
  name: 'Remove Background',
  description: 'Cut out the subject and get a transparent PNG in seconds.',
  categories: ['Tools'],
  credits: { type: 'flat', amount: 1 },
  ui: {
    outputType: 'image',
    defaultOutput: modelImage('remove-background'),
    estimatedDuration: 10,
    sampleInputImage: SAMPLE.product,
    comparisonLabels: ['Original', 'Background Removed'],
    controls: [imageInput('image_url', 'Image', { required: true })],
    examples: examples('remove-background', [{ label: 'Product cut-out', input: SAMPLE.product }]),
  },
  api: {
    platform: 'replicate',
    path: 'cjwbw/rembg',
    validate: rules(requireValue('image_url', MESSAGES.inputImageRequired)),
    payload: (input) => ({ image: input.image_url }),
  },
  defaultValues: {},
  waitTime: STANDARD_WAIT,
};

export const upscaler: Definition = {
  id: 'upscaler',
  local: { operation: 'upscale' },
  name: 'Upscaler',
  description: 'Enlarge images up to 8× with Real-ESRGAN, with optional face restoration.',
  categories: ['Tools'],
  credits: { type: 'flat', amount: 2 },
  ui: {
    outputType: 'image',
    defaultOutput: modelImage('upscaler'),
    estimatedDuration: 30,
    sampleInputImage: SAMPLE.landscape,
    comparisonLabels: ['Original', 'Upscaled'],
    controls: [
      imageInput('image_url', 'Image', { required: true }),
      slider('scale', 'Scale factor', UPSCALE, { description: 'Output size as a multiple of the input.' }),
      toggle('face_enhance', 'Enhance faces', false, { description: 'Restore faces with GFPGAN.' }),
    ],
    examples: examples('upscaler', [{ label: '4× landscape', input: SAMPLE.landscape }]),
  },
  api: {
    platform: 'replicate',
    path: 'nightmareai/real-esrgan',
    validate: rules(requireValue('image_url', MESSAGES.inputImageRequired), optionalRange('scale', UPSCALE.min, UPSCALE.max, MESSAGES.scaleOutOfRange)),
    payload: (input) => ({ image: input.image_url, scale: input.scale, face_enhance: input.face_enhance }),
  },
  defaultValues: {},
  waitTime: STANDARD_WAIT,
};

export const imageToolModels = [removeBackground, upscaler];
