/**
 * Structure-guided FLUX tools (tool-catalogue §9): fill pro 20, depth pro 20 (guidance 15), depth
 * dev 10 (guidance 10), canny pro 20 (guidance 30). Guidance ranges are the providers' own
 * (Replicate's input schemas): fill pro takes 2 to 5 (default 3) where the spec's 1.5..100 /
 * default 60 is Black Forest Labs' direct API and would be refused; depth pro and canny pro top
 * out at 50. Fill pro requires a prompt.
 */
import { MESSAGES } from '../messages';
import {
  SAMPLE,
  STANDARD_WAIT,
  examples,
  imageInput,
  maskControl,
  modelImage,
  numOutputsControl,
  promptControl,
  requirePrompt,
  requireValue,
  rules,
  seedControl,
  slider,
  type Definition,
} from './common';

const PRO_OUTPUT = { output_format: 'jpg', safety_tolerance: 2, prompt_upsampling: false } as const;

export const fluxFillPro: Definition = {
  id: 'flux-fill-pro',
  local: { operation: 'fill' },
  name: 'FLUX Fill [pro]',
  description: 'Inpainting: paint a mask over part of an image and describe what should appear there.',
  categories: ['Image Editing', 'FLUX', 'Inpainting'],
  credits: { type: 'perImage', amount: 20 },
  ui: {
    outputType: 'image',
    defaultOutput: modelImage('flux-fill-pro'),
    estimatedDuration: 30,
    sampleInputImage: SAMPLE.room,
    controls: [
      imageInput('image_url', 'Input image', { required: true }),
      maskControl('image_url'),
      promptControl({ placeholder: 'What should appear in the masked area?' }),
      slider('guidance', 'Guidance', { min: 2, max: 5, step: 0.5, default: 3 }, { advanced: true }),
      seedControl(),
    ],
    examples: examples('flux-fill-pro', [{ label: 'Replace the sofa', input: SAMPLE.room, prompt: 'a green velvet sofa' }]),
  },
  api: {
    platform: 'replicate',
    path: 'black-forest-labs/flux-fill-pro',
    validate: rules(
      requireValue('image_url', MESSAGES.anInputImageRequired),
      requireValue('mask_image', MESSAGES.maskRequired),
      requirePrompt(MESSAGES.fillPromptRequired),
    ),
    payload: (input) => ({
      image: input.image_url,
      mask: input.mask_image,
      prompt: input.prompt,
      guidance: input.guidance,
      steps: 50,
      outpaint: 'None',
      seed: input.seed,
      ...PRO_OUTPUT,
    }),
  },
  defaultValues: {},
  waitTime: STANDARD_WAIT,
};

interface ControlModelSpec {
  id: string;
  local: { operation: 'depth' | 'edges' };
  name: string;
  description: string;
  credits: number;
  /** The guidance slider: the provider's range, the spec's default. */
  guidance: { min: number; max: number; default: number };
  path: string;
  hint: string;
  dev?: boolean;
}

function controlModel(spec: ControlModelSpec): Definition {
  return {
    id: spec.id,
    local: spec.local,
    name: spec.name,
    description: spec.description,
    categories: ['Image to Image', 'FLUX', 'Structure'],
    credits: { type: 'perImage', amount: spec.credits },
    ui: {
      outputType: 'image',
      defaultOutput: modelImage(spec.id),
      estimatedDuration: 30,
      sampleInputImage: SAMPLE.room,
      controls: [
        imageInput('control_image', 'Control image', { required: true, description: spec.hint }),
        promptControl({ placeholder: 'Describe the new image, e.g. "a Scandinavian living room in morning light"' }),
        slider('guidance', 'Guidance', { ...spec.guidance, step: 0.5 }, { advanced: true }),
        ...(spec.dev ? [numOutputsControl()] : []),
        seedControl(),
      ],
      examples: examples(spec.id, [{ label: 'Restyle a room', input: SAMPLE.room, prompt: 'a Scandinavian living room in morning light' }]),
    },
    api: {
      platform: 'replicate',
      path: spec.path,
      validate: rules(requireValue('control_image', MESSAGES.controlImageRequired), requirePrompt(MESSAGES.aPromptRequired)),
      payload: spec.dev
        ? (input) => ({
            control_image: input.control_image,
            prompt: input.prompt,
            guidance: input.guidance,
            num_outputs: input.num_outputs,
            num_inference_steps: 28,
            seed: input.seed,
            output_format: 'jpg',
            output_quality: 90,
          })
        : (input) => ({
            control_image: input.control_image,
            prompt: input.prompt,
            guidance: input.guidance,
            steps: 50,
            seed: input.seed,
            ...PRO_OUTPUT,
          }),
    },
    defaultValues: {},
    waitTime: STANDARD_WAIT,
  };
}

export const fluxDepthPro = controlModel({
  id: 'flux-depth-pro',
  local: { operation: 'depth' },
  name: 'FLUX Depth [pro]',
  description: 'Keep the 3D layout of an image (its depth map) and change everything else.',
  credits: 20,
  guidance: { min: 1, max: 50, default: 15 },
  path: 'black-forest-labs/flux-depth-pro',
  hint: 'Its depth map is kept: layout and perspective stay, everything else may change.',
});

export const fluxDepthDev = controlModel({
  id: 'flux-depth-dev',
  local: { operation: 'depth' },
  name: 'FLUX Depth [dev]',
  description: 'Depth-guided image to image on FLUX.1 [dev]: cheaper, up to 4 variations.',
  credits: 10,
  guidance: { min: 1, max: 100, default: 10 },
  path: 'black-forest-labs/flux-depth-dev',
  hint: 'Its depth map is kept: layout and perspective stay, everything else may change.',
  dev: true,
});

export const fluxCannyPro = controlModel({
  id: 'flux-canny-pro',
  local: { operation: 'edges' },
  name: 'FLUX Canny [pro]',
  description: 'Keep the edges and outlines of an image or sketch and render something new inside them.',
  credits: 20,
  guidance: { min: 1, max: 50, default: 30 },
  path: 'black-forest-labs/flux-canny-pro',
  hint: 'Its edges (canny map) are kept: great for sketches and line art.',
});

export const structuralModels = [fluxFillPro, fluxDepthPro, fluxDepthDev, fluxCannyPro];
