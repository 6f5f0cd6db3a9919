/**
 * FLUX with a style LoRA, on fal (core-flow §7: "a second provider for flux-lora").
 * 15 credits per image; width/height 1024; LoRA weight 0..2 (default 1); guidance 1..20
 * step 0.5 (default 7.5); 30 inference steps.
 */
import { DEFAULT_IMAGE_SIZE, DEFAULT_LORA_ID } from '../constants';
import { MESSAGES } from '../messages';
import { getLora, loras, withTriggerWords } from '../content/loras';
import {
  FLUX_RATIOS,
  STANDARD_WAIT,
  aspectRatioControl,
  examples,
  modelImage,
  num,
  numOutputsControl,
  promptControl,
  requirePrompt,
  rules,
  seedControl,
  sizeForAspectRatio,
  slider,
  str,
  requireOneOf,
  type Definition,
} from './common';

export const fluxLora: Definition = {
  id: 'flux-lora',
  name: 'FLUX LoRA Styles',
  description: 'FLUX.1 [dev] with a community style LoRA: realism, anime, tarot cards, logos and more.',
  categories: ['Text to Image', 'FLUX', 'LoRA'],
  credits: { type: 'perImage', amount: 15 },
  ui: {
    outputType: 'image',
    defaultOutput: modelImage('flux-lora'),
    estimatedDuration: 30,
    controls: [
      { type: 'lora_selector', name: 'lora', label: 'Style (LoRA)', required: true, default: DEFAULT_LORA_ID },
      promptControl({ showGenerator: true, showImageToPrompt: true }),
      aspectRatioControl(FLUX_RATIOS, '1:1'),
      slider('lora_scale', 'LoRA weight', { min: 0, max: 2, step: 0.1, default: 1 }, { description: 'How strongly the style is applied.' }),
      slider('guidance', 'Guidance', { min: 1, max: 20, step: 0.5, default: 7.5 }, { advanced: true }),
      numOutputsControl(),
      seedControl(),
    ],
    examples: examples('flux-lora', [{ label: 'Realism', prompt: 'candid photo of a fisherman mending nets at dawn' }]),
  },
  api: {
    platform: 'fal',
    path: 'fal-ai/flux-lora',
    validate: rules(requireOneOf('lora', loras.map((l) => l.id), MESSAGES.loraRequired), requirePrompt(MESSAGES.promptRequired)),
    payload: (input) => {
      const lora = getLora(str(input.lora));
      const ratio = str(input.image_size);
      const size =
        ratio && ratio !== '1:1'
          ? sizeForAspectRatio(ratio, DEFAULT_IMAGE_SIZE.width)
          : { width: num(input.width) ?? DEFAULT_IMAGE_SIZE.width, height: num(input.height) ?? DEFAULT_IMAGE_SIZE.height };
      return {
        prompt: withTriggerWords(str(input.prompt), lora),
        image_size: size,
        num_inference_steps: 30,
        guidance_scale: input.guidance,
        num_images: input.num_outputs,
        loras: lora ? [{ path: lora.url, scale: input.lora_scale }] : [],
        seed: input.seed,
        enable_safety_checker: true,
        output_format: 'jpeg',
      };
    },
  },
  defaultValues: { width: DEFAULT_IMAGE_SIZE.width, height: DEFAULT_IMAGE_SIZE.height },
  waitTime: STANDARD_WAIT,
};
