/**
 * Kontext-based one-purpose tools: text remover and style effects. Same modes as Kontext and, like
 * it, they open in lite (5 credits): only the scenario edits default to pro (core-flow §9).
 */
import { MESSAGES } from '../messages';
import { getImageEffect, imageEffects } from '../content/image-effects';
import { promptTemplatesFor } from '../content/prompt-templates';
import { KONTEXT_MODES, kontextCredits, kontextGuidanceControl, kontextPayload } from './kontext';
import {
  KONTEXT_RATIOS,
  KONTEXT_WAIT,
  SAMPLE,
  aspectRatioControl,
  examples,
  imageInput,
  modeControl,
  modelImage,
  requireText,
  requireValue,
  rules,
  seedControl,
  str,
  requireOneOf,
  type Definition,
} from './common';

export const kontextTextRemover: Definition = {
  id: 'kontext-text-remover',
  name: 'Text Remover',
  description: 'Erase text, captions, watermarks and date stamps while rebuilding the background underneath.',
  categories: ['Image Editing', 'Kontext', 'Tools'],
  credits: kontextCredits('lite'),
  modes: [...KONTEXT_MODES],
  defaultMode: 'lite',
  ui: {
    outputType: 'image',
    defaultOutput: modelImage('kontext-text-remover'),
    estimatedDuration: 90,
    sampleInputImage: SAMPLE.street,
    comparisonLabels: ['Original', 'Text Removed'],
    controls: [
      imageInput('image_url', 'Image with text', { required: true }),
      { type: 'prompt_template', name: 'prompt', label: 'Quick picks', templates: promptTemplatesFor('kontext-text-remover') },
      {
        type: 'prompt',
        name: 'prompt',
        label: 'What to remove',
        placeholder: 'e.g. remove the watermark in the bottom right corner',
        required: true,
        default: 'Remove all text from the image and fill the areas with the surrounding background.',
      },
      modeControl(KONTEXT_MODES),
      aspectRatioControl(KONTEXT_RATIOS, 'auto', { advanced: true }),
      kontextGuidanceControl(),
      seedControl(),
    ],
    examples: examples('kontext-text-remover', [{ label: 'Street sign', input: SAMPLE.street, prompt: 'Remove all text from the image.' }]),
  },
  api: {
    platform: 'replicate',
    path: 'black-forest-labs/flux-kontext-pro',
    validate: rules(requireValue('image_url', MESSAGES.anInputImageRequired), requireText('prompt', MESSAGES.textToRemoveRequired)),
    payload: (input, ctx) => kontextPayload(input.prompt, input, ctx),
  },
  defaultValues: {},
  waitTime: KONTEXT_WAIT,
};

export const kontextStyleEffect: Definition = {
  id: 'kontext-style-effect',
  name: 'Photo Effects',
  description: 'One-click styles for your photo: Ghibli, action figure, claymation, pop art and more.',
  categories: ['Image Effects', 'Kontext'],
  credits: kontextCredits('lite'),
  modes: [...KONTEXT_MODES],
  defaultMode: 'lite',
  ui: {
    outputType: 'image',
    defaultOutput: modelImage('kontext-style-effect'),
    estimatedDuration: 90,
    sampleInputImage: SAMPLE.portrait,
    controls: [
      { type: 'image_effect_selector', name: 'effect_template_id', label: 'Effect', required: true, default: imageEffects[0]?.id, navigate: true },
      imageInput('image_url', 'Your photo', { required: true }),
      modeControl(KONTEXT_MODES),
      aspectRatioControl(KONTEXT_RATIOS, 'auto', { advanced: true }),
      kontextGuidanceControl(),
      seedControl(),
    ],
    examples: examples('kontext-style-effect', [{ label: 'Ghibli Style', input: SAMPLE.portrait }]),
  },
  api: {
    platform: 'replicate',
    path: 'black-forest-labs/flux-kontext-pro',
    validate: rules(
      requireOneOf('effect_template_id', imageEffects.map((e) => e.id), MESSAGES.effectStyleRequired),
      requireValue('image_url', MESSAGES.anInputImageRequired),
    ),
    payload: (input, ctx) => kontextPayload(getImageEffect(str(input.effect_template_id))?.effectPrompt, input, ctx),
  },
  defaultValues: {},
  waitTime: KONTEXT_WAIT,
};

export const kontextToolModels = [kontextTextRemover, kontextStyleEffect];
