/**
 * Kling video models (tool-catalogue §9): v2.1 standard 16/s + 80 base, v2.1 pro 30/s + 150,
 * 1.6 multi-reference and text-to-video 16/s + 80, Kling effect templates 16/s + 80 (on fal).
 * Estimated durations: Kling 2.1 180 s, 1.6 multi 360 s, text-to-video 180 s, effects 360 s.
 */
import { MAX_REFERENCE_IMAGES } from '../constants';
import { MESSAGES } from '../messages';
import { getVideoEffect, videoEffects } from '../content/video-effects';
import {
  SAMPLE,
  STANDARD_WAIT,
  VIDEO_RATIOS,
  aspectRatioControl,
  durationControl,
  examples,
  imageInput,
  list,
  modelImage,
  negativePromptControl,
  promptControl,
  requirePrompt,
  requireValue,
  rules,
  slider,
  str,
  type Definition,
  type Rule,
  requireCount,
  requireOneOf,
  requireText,
} from './common';

/** Kling's API refuses a prompt or negative prompt over 2,500 characters (its public API reference). */
const KLING_PROMPT_MAX_LENGTH = 2500;

const videoPrompt = () =>
  promptControl({ placeholder: 'Describe the motion, e.g. "she turns to the camera and smiles, hair blowing in the wind"', maxLength: KLING_PROMPT_MAX_LENGTH });

const cfgScale = () =>
  slider('cfg_scale', 'Prompt adherence (CFG)', { min: 0, max: 1, step: 0.1, default: 0.5 }, { advanced: true });

const kling21 = (tier: 'standard' | 'pro'): Definition => ({
  id: `kling-v2.1-${tier}`,
  name: `Kling v2.1 ${tier === 'pro' ? 'Pro' : 'Standard'}`,
  description:
    tier === 'pro'
      ? '1080p image-to-video with richer motion; optionally set the last frame too.'
      : '720p image-to-video with smooth, realistic motion.',
  categories: ['Image to Video', 'Kling'],
  credits: tier === 'pro' ? { type: 'perSecond', amount: 30, baseCost: 150 } : { type: 'perSecond', amount: 16, baseCost: 80 },
  ui: {
    outputType: 'video',
    estimatedDuration: 180,
    sampleInputImage: SAMPLE.portrait,
    controls: [
      tier === 'pro'
        ? {
            type: 'start_end_image_input',
            name: 'start_image_url',
            label: 'Start image',
            endName: 'end_image_url',
            endLabel: 'End image',
            required: true,
          }
        : imageInput('start_image_url', 'Start image', { required: true }),
      videoPrompt(),
      durationControl(),
      negativePromptControl({ maxLength: KLING_PROMPT_MAX_LENGTH }),
    ],
    examples: examples(`kling-v2.1-${tier}`, [{ label: 'Portrait comes alive', input: SAMPLE.portrait, prompt: 'she smiles and looks around' }]),
  },
  api: {
    platform: 'replicate',
    path: 'kwaivgi/kling-v2.1',
    validate: rules(requireValue('start_image_url', MESSAGES.startImageRequired), requirePrompt(MESSAGES.aPromptRequired)),
    payload: (input) => ({
      prompt: input.prompt,
      start_image: input.start_image_url,
      end_image: tier === 'pro' ? input.end_image_url : undefined,
      mode: tier,
      duration: input.duration,
      negative_prompt: input.negative_prompt,
    }),
  },
  defaultValues: {},
  waitTime: STANDARD_WAIT,
});

export const klingV21Standard = kling21('standard');
export const klingV21Pro = kling21('pro');

const referenceImagesRule: Rule = requireCount('input_image_urls', 1, MAX_REFERENCE_IMAGES, MESSAGES.atLeastOneImage, MESSAGES.maxFourImages);

export const kling16Multi: Definition = {
  id: 'kling-1.6-multi',
  name: 'Kling 1.6 Multi-Reference',
  description: 'Combine up to 4 reference images – people, objects, places – into one coherent video.',
  categories: ['Image to Video', 'Kling'],
  credits: { type: 'perSecond', amount: 16, baseCost: 80 },
  ui: {
    outputType: 'video',
    estimatedDuration: 360,
    controls: [
      {
        type: 'multi_image_input',
        name: 'input_image_urls',
        label: 'Reference images',
        description: 'Up to 4 images of the subjects to include.',
        minImages: 1,
        maxImages: MAX_REFERENCE_IMAGES,
        required: true,
      },
      videoPrompt(),
      aspectRatioControl(VIDEO_RATIOS, '16:9', { name: 'aspect_ratio' }),
      durationControl(),
      cfgScale(),
      negativePromptControl({ maxLength: KLING_PROMPT_MAX_LENGTH }),
    ],
    examples: examples('kling-1.6-multi', [{ label: 'Two references', input: SAMPLE.personA, prompt: 'the two friends walk on a beach' }]),
  },
  api: {
    platform: 'replicate',
    path: 'kwaivgi/kling-v1.6-standard',
    validate: rules(referenceImagesRule, requirePrompt(MESSAGES.aPromptRequired)),
    payload: (input) => ({
      prompt: input.prompt,
      reference_images: list(input.input_image_urls),
      aspect_ratio: input.aspect_ratio,
      duration: input.duration,
      cfg_scale: input.cfg_scale,
      negative_prompt: input.negative_prompt,
    }),
  },
  defaultValues: {},
  waitTime: STANDARD_WAIT,
};

export const kling16TextToVideo: Definition = {
  id: 'kling-1.6-text-to-video',
  name: 'Kling 1.6 Text to Video',
  description: 'Generate a video clip from a text description alone.',
  categories: ['Text to Video', 'Kling'],
  credits: { type: 'perSecond', amount: 16, baseCost: 80 },
  ui: {
    outputType: 'video',
    estimatedDuration: 180,
    controls: [
      promptControl({ placeholder: 'Describe the scene and the motion', showGenerator: true, maxLength: KLING_PROMPT_MAX_LENGTH }),
      aspectRatioControl(VIDEO_RATIOS, '16:9', { name: 'aspect_ratio' }),
      durationControl(),
      cfgScale(),
      negativePromptControl({ maxLength: KLING_PROMPT_MAX_LENGTH }),
    ],
    examples: examples('kling-1.6-text-to-video', [{ label: 'Ocean drone shot', prompt: 'drone shot over turquoise waves breaking on a reef' }]),
  },
  api: {
    platform: 'replicate',
    path: 'kwaivgi/kling-v1.6-standard',
    validate: rules(requirePrompt(MESSAGES.aPromptRequired)),
    payload: (input) => ({
      prompt: input.prompt,
      aspect_ratio: input.aspect_ratio,
      duration: input.duration,
      cfg_scale: input.cfg_scale,
      negative_prompt: input.negative_prompt,
    }),
  },
  defaultValues: {},
  waitTime: STANDARD_WAIT,
};

/** Effect-template rules shared by the Kling and Pixverse effect models. */
export const effectTemplateRules = (modelId: string): Rule[] => {
  const effects = videoEffects.filter((e) => e.modelId === modelId);
  const twoImageEffects = effects.filter((e) => e.imageCount === 2).map((e) => e.id);
  return [
    requireOneOf('effect_template_id', effects.map((e) => e.id), MESSAGES.effectStyleRequired),
    requireValue('effect_input', MESSAGES.inputImageRequired),
    ...(twoImageEffects.length > 0
      ? [requireText('effect_input_2', MESSAGES.secondImageRequired, { field: 'effect_template_id', in: twoImageEffects })]
      : []),
  ];
};

export const klingEffects: Definition = {
  id: 'kling-effects',
  name: 'Kling Video Effects',
  description: 'Viral video templates from your photos: hug, kiss, heart gesture, squish and more.',
  categories: ['Video Effects', 'Kling'],
  credits: { type: 'perSecond', amount: 16, baseCost: 80 },
  ui: {
    outputType: 'video',
    estimatedDuration: 360,
    sampleInputImage: SAMPLE.personA,
    controls: [
      {
        type: 'video_effect_selector',
        name: 'effect_template_id',
        label: 'Effect',
        required: true,
        modelId: 'kling-effects',
        default: videoEffects.find((e) => e.modelId === 'kling-effects')?.id,
      },
      imageInput('effect_input', 'Photo', { required: true }),
      imageInput('effect_input_2', 'Second photo', {
        description: 'Needed by two-person effects (hug, kiss, heart gesture).',
        dependsOn: { field: 'effect_input', exists: true },
      }),
      durationControl(),
    ],
    examples: examples('kling-effects', [{ label: 'AI Hug', input: SAMPLE.personA }]),
  },
  api: {
    platform: 'fal',
    path: 'fal-ai/kling-video/v1.6/standard/effects',
    validate: rules(...effectTemplateRules('kling-effects')),
    payload: (input) => {
      const effect = getVideoEffect(str(input.effect_template_id));
      const images = [str(input.effect_input), ...(effect?.imageCount === 2 ? [str(input.effect_input_2)] : [])].filter(Boolean);
      return {
        input_image_urls: images,
        effect_scene: effect?.providerEffect,
        // fal takes the duration as a string enum ("5" | "10").
        duration: String(input.duration),
      };
    },
  },
  defaultValues: {},
  waitTime: STANDARD_WAIT,
};

export const klingModels = [klingV21Standard, klingV21Pro, kling16Multi, kling16TextToVideo, klingEffects];
