/**
 * Building blocks shared by the model definitions: control builders, validation rules and
 * payload helpers. Definitions stay declarative; anything model-specific lives in its own file.
 */
import {
  DEFAULT_VIDEO_DURATION,
  MASK_BRUSH,
  NUM_OUTPUTS,
  SEED_MAX,
  VIDEO_DURATIONS,
  WAIT_TIME,
  type AspectRatio,
} from '../constants';
import { hasValue, type InputRule, type RuleCondition } from '../derive/rules';

export { hasValue };
import type { Choice, ControlOf, Example, ModeDefinition, ModelDefinitionInput } from '../schema';

// ---------------------------------------------------------------------------------------------
// Reading untyped form values
// ---------------------------------------------------------------------------------------------

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const isBlank = (v: unknown): boolean => str(v).trim() === '';
export const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
export const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : []);

// ---------------------------------------------------------------------------------------------
// Validation rules: data (derive/rules.ts), each with the exact spec message
// ---------------------------------------------------------------------------------------------

export type Rule = InputRule;

/** A model's rules, checked in this order; the first broken one's message is shown. */
export const rules = (...all: Rule[]): Rule[] => all;

export const requireText = (field: string, message: string, when?: RuleCondition): Rule => ({ kind: 'text', field, message, ...(when ? { when } : {}) });

export const requireValue = (field: string, message: string, when?: RuleCondition): Rule => ({ kind: 'value', field, message, ...(when ? { when } : {}) });

export const requirePrompt = (message: string): Rule => requireText('prompt', message);

export const requireOneOf = (field: string, values: readonly (string | number)[], message: string, when?: RuleCondition): Rule => ({
  kind: 'oneOf',
  field,
  values: [...values],
  message,
  ...(when ? { when } : {}),
});

/** When given, a number within min..max. */
export const optionalRange = (field: string, min: number, max: number, message: string): Rule => ({ kind: 'range', field, min, max, message });

export const requireCount = (field: string, min: number, max: number, tooFew: string, tooMany: string): Rule => ({ kind: 'count', field, min, max, tooFew, tooMany });

// ---------------------------------------------------------------------------------------------
// Aspect ratios
// ---------------------------------------------------------------------------------------------

/** Ratios every FLUX endpoint accepts that are also in the generic `image_size` enum. */
export const FLUX_RATIOS = ['1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3', '4:5', '5:4'] as const satisfies readonly AspectRatio[];
/** Kontext endpoints also take 'match_input_image', offered as 'auto'. */
export const KONTEXT_RATIOS = ['auto', ...FLUX_RATIOS] as const satisfies readonly AspectRatio[];
/** Kling's aspect_ratio enum. */
export const VIDEO_RATIOS = ['16:9', '9:16', '1:1'] as const satisfies readonly AspectRatio[];

/**
 * 'auto' matches the input image where the provider can ('match_input_image'), or falls back to
 * 1:1 when there is no input image (core-flow §5).
 */
export function resolveAspectRatio(value: unknown, inputImage: unknown, matchInputValue = 'match_input_image'): string {
  const ratio = str(value) || 'auto';
  if (ratio !== 'auto') return ratio;
  return hasValue(inputImage) ? matchInputValue : '1:1';
}

export { sizeForAspectRatio } from '../derive/aspect-ratio';

// ---------------------------------------------------------------------------------------------
// Control builders
// ---------------------------------------------------------------------------------------------

type Opt<T> = Partial<Omit<T, 'type'>>;

export const promptControl = (opts: Opt<ControlOf<'prompt'>> = {}): ControlOf<'prompt'> => ({
  type: 'prompt',
  name: 'prompt',
  label: 'Prompt',
  placeholder: 'Describe the image you want to create…',
  required: true,
  ...opts,
});

export const negativePromptControl = (opts: Opt<ControlOf<'prompt'>> = {}): ControlOf<'prompt'> => ({
  type: 'prompt',
  name: 'negative_prompt',
  label: 'Negative prompt',
  placeholder: 'What to keep out of the video (e.g. blur, distortion, text)',
  advanced: true,
  ...opts,
});

export const imageInput = (name: string, label: string, opts: Opt<ControlOf<'image_input'>> = {}): ControlOf<'image_input'> => ({
  type: 'image_input',
  name,
  label,
  ...opts,
});

export const aspectRatioControl = (
  choices: readonly AspectRatio[],
  defaultValue: AspectRatio,
  opts: Opt<ControlOf<'aspect_ratio_selector'>> = {},
): ControlOf<'aspect_ratio_selector'> => ({
  type: 'aspect_ratio_selector',
  name: 'image_size',
  label: 'Aspect ratio',
  choices: [...choices],
  default: defaultValue,
  ...opts,
});

export const numOutputsControl = (): ControlOf<'number_selector'> => ({
  type: 'number_selector',
  name: 'num_outputs',
  label: 'Number of images',
  choices: [1, 2, 3, 4].filter((n) => n >= NUM_OUTPUTS.min && n <= NUM_OUTPUTS.max),
  default: NUM_OUTPUTS.default,
});

export const seedControl = (): ControlOf<'seed'> => ({
  type: 'seed',
  name: 'seed',
  label: 'Seed',
  description: 'Same seed + same input = same result. Leave empty for a random one.',
  max: SEED_MAX,
  advanced: true,
});

export const slider = (
  name: string,
  label: string,
  range: { min: number; max: number; step: number; default: number },
  opts: Opt<ControlOf<'slider'>> = {},
): ControlOf<'slider'> => ({ type: 'slider', name, label, ...range, ...opts });

export const toggle = (name: string, label: string, defaultValue: boolean, opts: Opt<ControlOf<'toggle'>> = {}): ControlOf<'toggle'> => ({
  type: 'toggle',
  name,
  label,
  default: defaultValue,
  ...opts,
});

/** Offers only lengths the provider delivers (VIDEO_DURATIONS unless the provider renders others). */
export const durationControl = (choices: readonly number[] = VIDEO_DURATIONS): ControlOf<'duration_selector'> => ({
  type: 'duration_selector',
  name: 'duration',
  label: 'Duration',
  choices: [...choices],
  default: DEFAULT_VIDEO_DURATION,
});

export const modeControl = (modes: readonly ModeDefinition[], label = 'Mode'): ControlOf<'button_group_selector'> => ({
  type: 'button_group_selector',
  name: 'mode',
  label,
  choices: modes.map((m): Choice => ({ value: m.value, label: m.label, ...(m.description ? { description: m.description } : {}) })),
});

export const maskControl = (imageField = 'image_url'): ControlOf<'mask_input'> => ({
  type: 'mask_input',
  name: 'mask_image',
  label: 'Mask',
  description: 'Paint over the area to regenerate.',
  imageField,
  brush: { ...MASK_BRUSH },
  required: true,
  dependsOn: { field: imageField, exists: true },
});

// ---------------------------------------------------------------------------------------------
// Assets and wait times
// ---------------------------------------------------------------------------------------------

export const modelImage = (id: string, suffix = 'output'): string => `/catalogue/models/${id}-${suffix}.webp`;
export const SAMPLE = {
  portrait: '/catalogue/samples/portrait.webp',
  personA: '/catalogue/samples/person-a.webp',
  personB: '/catalogue/samples/person-b.webp',
  product: '/catalogue/samples/product.webp',
  street: '/catalogue/samples/street-sign.webp',
  room: '/catalogue/samples/room.webp',
  landscape: '/catalogue/samples/landscape.webp',
} as const;

export function examples(id: string, items: { label: string; prompt?: string; input?: string }[]): Example[] {
  return items.map((item, i) => ({ ...item, output: modelImage(id, `example-${i + 1}`) }));
}

export const STANDARD_WAIT = { free: WAIT_TIME.free, premium: WAIT_TIME.premium } as const;

/** What BFL's FLUX.1 endpoints on Replicate are asked to return: JPEG at quality 90 (small, and what people download). */
export const JPEG_OUTPUT = { output_format: 'jpg', output_quality: 90 } as const;
export const KONTEXT_WAIT = { free: WAIT_TIME.freeKontext, premium: WAIT_TIME.premium } as const;
export const TEXT_TOOL_WAIT = { free: WAIT_TIME.freeText, premium: WAIT_TIME.premium } as const;

/** Authoring type: a definition before the meta-schema parses it. */
export type Definition = ModelDefinitionInput;
