/** inputSchemaFor(model): the zod schema of a generation input, derived from the definition. */
import { z } from 'zod';
import { IMAGE_EXTENSIONS } from '../constants';
import { getImageEffect } from '../content/image-effects';
import { getLora } from '../content/loras';
import { getVideoEffect } from '../content/video-effects';
import type { Control, ModelDefinition } from '../schema';
import { commonFieldRules, genericFieldRules, INTEGER_FIELDS, maskSchema, seedSchema, urlOrEmpty } from './field-rules';
import { FOR_PEOPLE } from './issue-message';
import { resolveMode } from './mode';
import { firstBrokenRule } from './rules';
import { promptMaxLength, promptTooLongMessage } from './prompt-length';
import { inputText, inputUrl } from './text';

const EXTENSIONS: Record<string, readonly string[]> = IMAGE_EXTENSIONS;

/** A URL whose path ends in a known image extension must be one of the accepted formats. */
function acceptsFormat(accept: readonly string[]) {
  const allowed = accept.flatMap((mime) => EXTENSIONS[mime] ?? []);
  return (value: string): boolean => {
    if (!value) return true;
    const path = (() => {
      try {
        return new URL(value).pathname.toLowerCase();
      } catch {
        return '';
      }
    })();
    const match = /\.([a-z0-9]+)$/.exec(path);
    if (!match?.[1] || !Object.values(EXTENSIONS).flat().includes(match[1])) return true; // no recognisable extension
    return allowed.includes(match[1]);
  };
}

function literalUnion(values: readonly (string | number)[]): z.ZodType {
  const literals = values.map((v) => z.literal(v));
  if (literals.length === 1) return literals[0] as z.ZodType;
  return z.union(literals as unknown as [z.ZodLiteral<string | number>, z.ZodLiteral<string | number>]);
}

function withDefault(schema: z.ZodType, value: unknown): z.ZodType {
  return value === undefined ? schema.optional() : schema.default(value as never);
}

/** Numbers for integer fields stay integers even inside a control's own range. */
function numberField(name: string, min: number, max: number): z.ZodNumber {
  const base = z.number().min(min).max(max);
  return INTEGER_FIELDS.has(name) ? base.int() : base;
}

/** The schema of each field a control writes. */
function controlFields(control: Control, model: ModelDefinition): [string, z.ZodType][] {
  switch (control.type) {
    case 'prompt': {
      const limit = promptMaxLength(control);
      const prompt = inputText.refine((value) => value.length <= limit, { message: promptTooLongMessage(control), params: FOR_PEOPLE });
      return [[control.name, withDefault(prompt, control.default)]];
    }
    case 'prompt_template':
      return [[control.name, inputText.optional()]];
    case 'image_input': {
      const accept = control.accept;
      const schema = accept ? urlOrEmpty.refine(acceptsFormat(accept), 'unsupported image format') : urlOrEmpty;
      return [[control.name, schema.optional()]];
    }
    case 'multi_image_input':
      return [[control.name, z.array(inputUrl).min(control.minImages).max(control.maxImages).optional()]];
    case 'start_end_image_input':
      return [
        [control.name, urlOrEmpty.optional()],
        [control.endName, urlOrEmpty.optional()],
      ];
    case 'slider':
      return [[control.name, withDefault(numberField(control.name, control.min, control.max), control.default)]];
    case 'button_group_selector':
    case 'select':
    case 'video_style_selector':
    case 'background_selector': {
      const fallback = control.name === 'mode' ? model.defaultMode : 'default' in control ? control.default : undefined;
      return [[control.name, withDefault(literalUnion(control.choices.map((c) => c.value)), fallback)]];
    }
    case 'aspect_ratio_selector':
      return [[control.name, withDefault(z.enum(control.choices as [string, ...string[]]), control.default)]];
    case 'number_selector':
    case 'duration_selector': {
      const choices = literalUnion(control.choices);
      const generic = genericFieldRules[control.name];
      return [[control.name, withDefault(generic ? z.intersection(generic, choices) : choices, control.default)]];
    }
    case 'seed': {
      return [[control.name, seedSchema(control.max).optional()]];
    }
    case 'toggle':
      return [[control.name, z.boolean().default(control.default)]];
    case 'lora_selector':
      return [[control.name, withDefault(inputText.refine((id) => getLora(id) !== undefined, 'unknown LoRA'), control.default)]];
    case 'image_effect_selector':
      return [[control.name, withDefault(inputText.refine((id) => getImageEffect(id) !== undefined, 'unknown effect'), control.default)]];
    case 'video_effect_selector': {
      const modelId = control.modelId;
      return [[control.name, withDefault(inputText.refine((id) => getVideoEffect(id)?.modelId === modelId, 'unknown effect'), control.default)]];
    }
    case 'mask_input':
      return [[control.name, maskSchema.optional()]];
  }
}

/**
 * Null counts as absent; so does '' in a numeric field (a cleared number input). A cleared
 * selector stays '' and fails, like the model's own rule does.
 */
const absentToUndefined = (numericFields: Set<string>) => (value: unknown) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === null || (v === '' && numericFields.has(key))) continue;
    out[key] = v;
  }
  return out;
};

/**
 * A field only `defaultValues` names (no control, no generic rule): a caller may send another value
 * of the default's own type; a structured default cannot be replaced at all.
 */
function fixedTypeField(value: unknown): z.ZodType {
  if (typeof value === 'string') return inputText.default(value);
  if (typeof value === 'number') return z.number().default(value);
  if (typeof value === 'boolean') return z.boolean().default(value);
  return z.never().default(value as never);
}

const NUMERIC_CONTROL_TYPES = new Set<Control['type']>(['slider', 'number_selector', 'duration_selector', 'seed']);
const NUMERIC_GENERIC_FIELDS = ['num_outputs', 'guidance', 'scale', 'prompt_strength', 'seed', 'credit_to_consume', 'width', 'height'];

type Fields = { shape: Record<string, z.ZodType>; numericFields: Set<string> };

const fieldsCache = new WeakMap<ModelDefinition, Fields>();

/**
 * Every field a model's input may have, each with its rule: the common request fields, one field
 * per control (a control's own range/choices override the generic rules of tool-catalogue §5), and
 * the fields of `defaultValues` under the generic rules.
 */
function fieldsOf(model: ModelDefinition): Fields {
  const cached = fieldsCache.get(model);
  if (cached) return cached;
  const shape: Record<string, z.ZodType> = { ...commonFieldRules };
  const numericFields = new Set<string>(NUMERIC_GENERIC_FIELDS);
  for (const control of model.ui.controls) {
    if (NUMERIC_CONTROL_TYPES.has(control.type)) numericFields.add(control.name);
    for (const [name, schema] of controlFields(control, model)) {
      // A prompt and a prompt_template may share `prompt`: the prompt control's schema wins.
      if (name in shape && control.type === 'prompt_template') continue;
      shape[name] = schema;
    }
  }
  for (const [name, value] of Object.entries(model.defaultValues)) {
    if (name in shape) continue;
    const generic = genericFieldRules[name];
    shape[name] = generic ? generic.default(value as never) : fixedTypeField(value);
  }
  const fields = { shape, numericFields };
  fieldsCache.set(model, fields);
  return fields;
}

const cache = new WeakMap<ModelDefinition, z.ZodType<Record<string, unknown>>>();

/**
 * The schema of a generation input for `model`: its fields (fieldsOf) and the model's own
 * validation as a refinement whose issue message is the spec's exact message. Unknown fields are
 * stripped.
 */
export function inputSchemaFor(model: ModelDefinition): z.ZodType<Record<string, unknown>> {
  const cached = cache.get(model);
  if (cached) return cached;
  const { shape, numericFields } = fieldsOf(model);
  const object = z.object(shape).superRefine((values, ctx) => {
    const message = firstBrokenRule(model.api.validate, values, resolveMode(model, values)?.value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
  const schema = z.preprocess(absentToUndefined(numericFields), object) as unknown as z.ZodType<Record<string, unknown>>;
  cache.set(model, schema);
  return schema;
}

const partialCache = new WeakMap<ModelDefinition, z.ZodType<Record<string, unknown>>>();

/**
 * The same field rules for a form still being filled in (a price shown while typing): nothing is
 * required and the model's own rules do not apply yet, but every field that is there must be
 * valid, so no value outside its bounds ever reaches the price arithmetic. Unknown fields are
 * stripped; absent ones stay absent (the caller adds the defaults it wants).
 */
export function partialInputSchemaFor(model: ModelDefinition): z.ZodType<Record<string, unknown>> {
  const cached = partialCache.get(model);
  if (cached) return cached;
  const { shape, numericFields } = fieldsOf(model);
  const optional = Object.fromEntries(Object.entries(shape).map(([name, rule]) => [name, rule.optional()]));
  const schema = z.preprocess(absentToUndefined(numericFields), z.object(optional)) as unknown as z.ZodType<Record<string, unknown>>;
  partialCache.set(model, schema);
  return schema;
}
