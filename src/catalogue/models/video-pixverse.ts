/**
 * Pixverse v4.5 (tool-catalogue §9): 20/s + 100 base, quality 540p, styles None, anime,
 * 3d_animation, clay, cyberpunk, comic; estimated 120 s. The effect model runs Pixverse templates.
 */
import { MESSAGES } from '../messages';
import { pixverseStyles } from '../content/options';
import { getVideoEffect, videoEffects } from '../content/video-effects';
import {
  SAMPLE,
  STANDARD_WAIT,
  durationControl,
  examples,
  imageInput,
  negativePromptControl,
  promptControl,
  requirePrompt,
  requireValue,
  rules,
  seedControl,
  str,
  type Definition,
} from './common';
import { effectTemplateRules } from './video-kling';

export const PIXVERSE_QUALITY = '540p';

/** Pixverse's API refuses a prompt or negative prompt over 2,048 characters (its public API reference). */
const PIXVERSE_PROMPT_MAX_LENGTH = 2048;

/**
 * Pixverse v4.5 renders 5 or 8 second clips: its duration control offers exactly those, so what
 * is asked for is what is delivered and billed.
 */
export const PIXVERSE_DURATIONS = [5, 8] as const;

export const pixverse: Definition = {
  id: 'pixverse',
  name: 'Pixverse v4.5',
  description: 'Stylized image-to-video with anime, 3D, clay, cyberpunk and comic looks.',
  categories: ['Image to Video', 'Pixverse'],
  credits: { type: 'perSecond', amount: 20, baseCost: 100 },
  ui: {
    outputType: 'video',
    estimatedDuration: 120,
    sampleInputImage: SAMPLE.portrait,
    controls: [
      {
        type: 'start_end_image_input',
        name: 'start_image_url',
        label: 'Start image',
        endName: 'end_image_url',
        endLabel: 'End image',
        required: true,
      },
      promptControl({ placeholder: 'Describe the motion and the scene', maxLength: PIXVERSE_PROMPT_MAX_LENGTH }),
      {
        type: 'video_style_selector',
        name: 'style',
        label: 'Style',
        choices: pixverseStyles.map((s) => ({ value: s.value, label: s.label })),
        default: 'None',
      },
      {
        type: 'select',
        name: 'resolution',
        label: 'Quality',
        choices: [{ value: PIXVERSE_QUALITY, label: '540p' }],
        default: PIXVERSE_QUALITY,
        advanced: true,
      },
      durationControl(PIXVERSE_DURATIONS),
      negativePromptControl({ maxLength: PIXVERSE_PROMPT_MAX_LENGTH }),
      seedControl(),
    ],
    examples: examples('pixverse', [{ label: 'Anime style', input: SAMPLE.portrait, prompt: 'she waves at the camera, cherry petals falling' }]),
  },
  api: {
    platform: 'replicate',
    path: 'pixverse/pixverse-v4.5',
    validate: rules(requireValue('start_image_url', MESSAGES.startImageRequired), requirePrompt(MESSAGES.aPromptRequired)),
    payload: (input) => ({
      prompt: input.prompt,
      image: input.start_image_url,
      last_frame_image: input.end_image_url,
      quality: input.resolution,
      style: input.style,
      duration: input.duration,
      motion_mode: 'normal',
      negative_prompt: input.negative_prompt,
      seed: input.seed,
    }),
  },
  defaultValues: {},
  waitTime: STANDARD_WAIT,
};

export const pixverseEffects: Definition = {
  id: 'pixverse-effects',
  name: 'Pixverse Video Effects',
  description: 'Animated photo templates: Ghibli style, eye zoom, muscle surge, robot transform and more.',
  categories: ['Video Effects', 'Pixverse'],
  credits: { type: 'perSecond', amount: 20, baseCost: 100 },
  ui: {
    outputType: 'video',
    estimatedDuration: 120,
    sampleInputImage: SAMPLE.portrait,
    controls: [
      {
        type: 'video_effect_selector',
        name: 'effect_template_id',
        label: 'Effect',
        required: true,
        modelId: 'pixverse-effects',
        default: videoEffects.find((e) => e.modelId === 'pixverse-effects')?.id,
      },
      imageInput('effect_input', 'Photo', { required: true }),
      durationControl(PIXVERSE_DURATIONS),
    ],
    examples: examples('pixverse-effects', [{ label: 'Eye Zoom', input: SAMPLE.portrait }]),
  },
  api: {
    platform: 'replicate',
    path: 'pixverse/pixverse-v4.5',
    validate: rules(...effectTemplateRules('pixverse-effects')),
    payload: (input) => {
      const effect = getVideoEffect(str(input.effect_template_id));
      return {
        prompt: effect?.prompt,
        image: input.effect_input,
        effect: effect?.providerEffect ?? undefined,
        quality: PIXVERSE_QUALITY,
        duration: input.duration,
        motion_mode: 'normal',
      };
    },
  },
  defaultValues: {},
  waitTime: STANDARD_WAIT,
};

export const pixverseModels = [pixverse, pixverseEffects];
