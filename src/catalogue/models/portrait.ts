/** Portrait tools (tool-catalogue §9): headshot 20 per image, PuLID 16, relighting 40. */
import { MESSAGES } from '../messages';
import { headshotBackgrounds } from '../content/options';
import {
  FLUX_RATIOS,
  KONTEXT_RATIOS,
  SAMPLE,
  STANDARD_WAIT,
  aspectRatioControl,
  examples,
  imageInput,
  modelImage,
  promptControl,
  requirePrompt,
  requireValue,
  resolveAspectRatio,
  rules,
  seedControl,
  sizeForAspectRatio,
  str,
  type Definition,
} from './common';

export const headshot: Definition = {
  id: 'headshot',
  name: 'Professional Headshot',
  description: 'Turn a casual selfie into a polished business headshot with studio lighting and attire.',
  categories: ['Portrait', 'Kontext'],
  credits: { type: 'perImage', amount: 20 },
  ui: {
    outputType: 'image',
    defaultOutput: modelImage('headshot'),
    estimatedDuration: 30,
    sampleInputImage: SAMPLE.portrait,
    controls: [
      // The headshot app restyles one person's face: a photo without one, or of a group, wastes the credits.
      imageInput('image_url', 'Your photo', { required: true, description: 'A clear, front-facing photo of one person.', faces: 'one' }),
      {
        type: 'background_selector',
        name: 'background',
        label: 'Background',
        choices: headshotBackgrounds.map((b) => ({ value: b.value, label: b.label })),
        default: 'neutral',
      },
      aspectRatioControl(KONTEXT_RATIOS, 'auto', { advanced: true }),
      seedControl(),
    ],
    examples: examples('headshot', [{ label: 'Office background', input: SAMPLE.portrait }]),
  },
  api: {
    platform: 'replicate',
    path: 'flux-kontext-apps/professional-headshot',
    validate: rules(requireValue('image_url', MESSAGES.anInputImageRequired)),
    payload: (input) => ({
      input_image: input.image_url,
      background: input.background,
      aspect_ratio: resolveAspectRatio(input.image_size, input.image_url),
      seed: input.seed,
      output_format: 'jpg',
      safety_tolerance: 2,
    }),
  },
  defaultValues: {},
  waitTime: STANDARD_WAIT,
};

export const pulid: Definition = {
  id: 'pulid',
  name: 'PuLID Personalized Photo',
  description: 'Create new photos of a person from a single face photo, in any scene you describe.',
  categories: ['Portrait', 'Personalized'],
  credits: { type: 'perImage', amount: 16 },
  ui: {
    outputType: 'image',
    defaultOutput: modelImage('pulid'),
    estimatedDuration: 60,
    sampleInputImage: SAMPLE.portrait,
    controls: [
      // PuLID takes its identity from the face it finds in this photo: it needs exactly one.
      imageInput('image_url', 'Face photo', { required: true, description: 'One clearly visible face.', faces: 'one' }),
      promptControl({ placeholder: 'e.g. portrait as an astronaut on Mars, cinematic light', showGenerator: true }),
      aspectRatioControl(FLUX_RATIOS, '1:1'),
      seedControl(),
    ],
    examples: examples('pulid', [{ label: 'Astronaut', input: SAMPLE.portrait, prompt: 'portrait as an astronaut, cinematic light' }]),
  },
  api: {
    platform: 'replicate',
    path: 'zsxkib/flux-pulid',
    validate: rules(requireValue('image_url', MESSAGES.anInputImageRequired), requirePrompt(MESSAGES.aPromptRequired)),
    payload: (input) => {
      const { width, height } = sizeForAspectRatio(str(input.image_size) || '1:1', 1024);
      return {
        main_face_image: input.image_url,
        prompt: input.prompt,
        width,
        height,
        num_steps: 20,
        guidance_scale: 4,
        id_weight: 1,
        seed: input.seed,
        output_format: 'jpg',
        output_quality: 90,
      };
    },
  },
  defaultValues: {},
  waitTime: STANDARD_WAIT,
};

export const relight: Definition = {
  id: 'relight',
  local: { operation: 'relight' },
  name: 'Relighting',
  description: 'Relight a photo of a subject: change the light direction, color and mood.',
  categories: ['Image Editing', 'Lighting'],
  credits: { type: 'perImage', amount: 40 },
  ui: {
    outputType: 'image',
    defaultOutput: modelImage('relight'),
    estimatedDuration: 60,
    sampleInputImage: SAMPLE.portrait,
    controls: [
      imageInput('image_url', 'Subject photo', { required: true }),
      promptControl({ label: 'Lighting', placeholder: 'e.g. warm sunset light through a window, neon city glow' }),
      {
        type: 'select',
        name: 'light_source',
        label: 'Light direction',
        choices: [
          { value: 'None', label: 'From the prompt' },
          { value: 'Left Light', label: 'Left' },
          { value: 'Right Light', label: 'Right' },
          { value: 'Top Light', label: 'Top' },
          { value: 'Bottom Light', label: 'Bottom' },
        ],
        default: 'None',
      },
      seedControl(),
    ],
    examples: examples('relight', [{ label: 'Sunset from the left', input: SAMPLE.portrait, prompt: 'warm sunset light' }]),
  },
  api: {
    platform: 'replicate',
    path: 'zsxkib/ic-light',
    validate: rules(requireValue('image_url', MESSAGES.inputImageRequired), requirePrompt(MESSAGES.aPromptRequired)),
    payload: (input) => ({
      subject_image: input.image_url,
      prompt: input.prompt,
      light_source: input.light_source,
      number_of_images: 1,
      seed: input.seed,
      output_format: 'jpg',
      output_quality: 90,
    }),
  },
  defaultValues: {},
  waitTime: STANDARD_WAIT,
};

export const portraitModels = [headshot, pulid, relight];
