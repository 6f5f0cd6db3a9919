/**
 * Scenario edits on top of Kontext (core-flow §9): change scenery, location, Renaissance and
 * hairstyle. Same modes as Kontext, default mode pro; the preset builds the edit instruction.
 */
import { MESSAGES } from '../messages';
import type { Choice, Control, GenerationInput } from '../schema';
import { extremeScenarios } from '../content/extreme-scenarios';
import { hairColors, haircuts } from '../content/hair';
import { locations } from '../content/locations';
import { renaissanceStyles } from '../content/renaissance-styles';
import type { Preset } from '../content/types';
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
  requireValue,
  rules,
  seedControl,
  str,
  type Definition,
} from './common';

const presetChoices = (presets: readonly Preset[]): Choice[] => presets.map((p) => ({ value: p.id, label: p.label }));

const extraDetails = (input: GenerationInput): string => {
  const extra = str(input.prompt).trim();
  return extra ? ` ${extra}` : '';
};

interface EditSpec {
  id: string;
  name: string;
  description: string;
  pickers: Control[];
  buildPrompt: (input: GenerationInput) => string;
  example: { label: string; input: string };
}

function scenarioEdit(spec: EditSpec): Definition {
  return {
    id: spec.id,
    name: spec.name,
    description: spec.description,
    categories: ['Image Editing', 'Kontext', 'Scenario'],
    credits: kontextCredits('pro'),
    modes: [...KONTEXT_MODES],
    defaultMode: 'pro',
    ui: {
      outputType: 'image',
      defaultOutput: modelImage(spec.id),
      estimatedDuration: 30,
      sampleInputImage: SAMPLE.portrait,
      controls: [
        imageInput('image_url', 'Your photo', { required: true }),
        ...spec.pickers,
        {
          type: 'prompt',
          name: 'prompt',
          label: 'Extra details',
          placeholder: 'Optional: anything else to change or keep',
          advanced: true,
        },
        modeControl(KONTEXT_MODES),
        aspectRatioControl(KONTEXT_RATIOS, 'auto', { advanced: true }),
        kontextGuidanceControl(),
        seedControl(),
      ],
      examples: examples(spec.id, [spec.example]),
    },
    api: {
      platform: 'replicate',
      path: 'black-forest-labs/flux-kontext-pro',
      validate: rules(requireValue('image_url', MESSAGES.inputImageRequiredForModel)),
      payload: (input, ctx) => kontextPayload(spec.buildPrompt(input), input, ctx),
    },
    defaultValues: {},
    waitTime: KONTEXT_WAIT,
  };
}

function presetPrompt(presets: readonly Preset[], field: string) {
  return (input: GenerationInput): string => {
    const preset = presets.find((p) => p.id === input[field]) ?? presets[0];
    return `${preset?.prompt ?? ''}${extraDetails(input)}`;
  };
}

export const kontextChangeScenery = scenarioEdit({
  id: 'kontext-change-scenery',
  name: 'Change Scenery',
  description: 'Drop yourself into an extreme scenario – a volcano, a tornado, outer space – with one click.',
  pickers: [
    {
      type: 'select',
      name: 'scenario',
      label: 'Scenario',
      choices: presetChoices(extremeScenarios),
      default: extremeScenarios[0]?.id,
      searchable: true,
    },
  ],
  buildPrompt: presetPrompt(extremeScenarios, 'scenario'),
  example: { label: 'Erupting volcano', input: SAMPLE.portrait },
});

export const kontextLocation = scenarioEdit({
  id: 'kontext-location',
  name: 'Travel Anywhere',
  description: 'Put yourself in front of the world’s famous places without leaving home.',
  pickers: [
    {
      type: 'select',
      name: 'location',
      label: 'Location',
      choices: presetChoices(locations),
      default: locations[0]?.id,
      searchable: true,
    },
  ],
  buildPrompt: presetPrompt(locations, 'location'),
  example: { label: 'Eiffel Tower, Paris', input: SAMPLE.portrait },
});

export const kontextRenaissance = scenarioEdit({
  id: 'kontext-renaissance',
  name: 'Renaissance Portrait',
  description: 'Become the subject of a Renaissance masterpiece, from Leonardo to Caravaggio.',
  pickers: [
    {
      type: 'select',
      name: 'style',
      label: 'Style',
      choices: presetChoices(renaissanceStyles),
      default: renaissanceStyles[0]?.id,
    },
  ],
  buildPrompt: presetPrompt(renaissanceStyles, 'style'),
  example: { label: 'Leonardo sfumato', input: SAMPLE.portrait },
});

export const KEEP_HAIR_COLOR = 'natural';

export const kontextHairstyle = scenarioEdit({
  id: 'kontext-hairstyle',
  name: 'Change Hairstyle',
  description: 'Try about 100 haircuts and 29 colors on your own photo before visiting the salon.',
  pickers: [
    {
      type: 'select',
      name: 'haircut',
      label: 'Haircut',
      choices: haircuts.map((h) => ({ value: h.id, label: h.label, description: h.length })),
      default: haircuts[0]?.id,
      searchable: true,
    },
    {
      type: 'select',
      name: 'hair_color',
      label: 'Hair color',
      choices: [{ value: KEEP_HAIR_COLOR, label: 'Keep my color' }, ...hairColors.map((c) => ({ value: c.id, label: c.label }))],
      default: KEEP_HAIR_COLOR,
    },
  ],
  buildPrompt: (input) => {
    const cut = haircuts.find((h) => h.id === input.haircut) ?? haircuts[0];
    const color = hairColors.find((c) => c.id === input.hair_color);
    const dye = color ? ` and color the hair ${color.label.toLowerCase()}` : '';
    return `Change the person's hairstyle to a ${cut?.label.toLowerCase() ?? 'new haircut'}${dye}. Keep the face, expression, skin, clothing and background exactly the same.${extraDetails(input)}`;
  },
  example: { label: 'Curtain bangs, copper', input: SAMPLE.portrait },
});

export const scenarioEditModels = [kontextChangeScenery, kontextLocation, kontextRenaissance, kontextHairstyle];
