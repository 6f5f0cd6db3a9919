/**
 * Every range a form offers stays inside what its provider accepts (issue 11 item 14). The limits
 * are the providers' own: Replicate's published input schemas and the public docs of the rest,
 * extracted into test/fixtures/provider-limits.json (see provider-limits.extract.mjs for how).
 *
 * For every model and mode, each slider at its min and max, each choice of every selector, both
 * seed extremes and the optional fields left empty are turned into the provider payload through the
 * catalogue's own mapping, and the payload is checked against the provider's fields, types,
 * ranges, enums and required fields.
 */
import { describe, expect, it } from 'vitest';
import limits from '../../fixtures/provider-limits.json';
import {
  SEED_MAX,
  getModel,
  models,
  providerRequestFor,
  validateForModel,
  type Control,
  type GenerationInput,
  type ModelDefinition,
} from '../../../src/catalogue';
import { validInputFor } from './helpers';

type Field = { type?: string; min?: number; max?: number; enum?: (string | number)[]; maxItems?: number };
type Provider = { required: string[]; fields: Record<string, Field>; partial?: boolean };
const providers = limits.providers as unknown as Record<string, Provider>;

/** Provider models without a public input schema anywhere we could read (no form range maps to them). */
const NO_PUBLIC_SCHEMA = ['prunaai/flux-kontext-dev', 'flux-kontext-apps/professional-headshot'];

const model = (id: string): ModelDefinition => {
  const m = getModel(id);
  if (!m) throw new Error(`missing model ${id}`);
  return m;
};

function typeOk(type: string | undefined, value: unknown): boolean {
  switch (type) {
    case undefined:
      return true;
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return false;
  }
}

/** What is wrong with a payload for its provider ([] when nothing). */
export function payloadProblems(target: string, input: Record<string, unknown>): string[] {
  const provider = providers[target];
  if (!provider) return [`${target}: no provider limits`];
  const problems: string[] = [];
  for (const name of provider.required) if (input[name] === undefined) problems.push(`${target}: required ${name} missing`);
  for (const [name, value] of Object.entries(input)) {
    const field = provider.fields[name];
    if (!field) {
      if (!provider.partial) problems.push(`${target}: unknown field ${name}`);
      continue;
    }
    const shown = JSON.stringify(value);
    if (!typeOk(field.type, value)) problems.push(`${target}: ${name}=${shown} is not ${field.type}`);
    if (field.enum && !field.enum.includes(value as string | number)) problems.push(`${target}: ${name}=${shown} not in ${JSON.stringify(field.enum)}`);
    if (typeof value === 'number' && field.min !== undefined && value < field.min) problems.push(`${target}: ${name}=${shown} below ${field.min}`);
    if (typeof value === 'number' && field.max !== undefined && value > field.max) problems.push(`${target}: ${name}=${shown} above ${field.max}`);
    if (Array.isArray(value) && field.maxItems !== undefined && value.length > field.maxItems) problems.push(`${target}: ${name} has more than ${field.maxItems} items`);
  }
  return problems;
}

/** The values each control can send: its extremes and every choice. */
function probeValues(control: Control): unknown[] {
  switch (control.type) {
    case 'slider':
      return [control.min, control.default, control.max];
    case 'number_selector':
    case 'duration_selector':
      return control.choices;
    case 'aspect_ratio_selector':
      return control.choices;
    case 'button_group_selector':
    case 'select':
    case 'video_style_selector':
    case 'background_selector':
      return control.choices.map((c) => c.value);
    case 'seed':
      return [0, SEED_MAX];
    case 'toggle':
      return [true, false];
    default:
      return [];
  }
}

/** Every input a person can send to a model in a mode, as far as ranges and choices go. */
function probeInputs(m: ModelDefinition, mode: string | undefined): GenerationInput[] {
  const base = validInputFor(m, mode);
  const inputs: GenerationInput[] = [base];
  for (const control of m.ui.controls) {
    if (control.name === 'mode') continue;
    for (const value of probeValues(control)) inputs.push({ ...base, [control.name]: value });
    // Optional fields left empty: the payload must still carry what the provider requires.
    if (!control.required && control.type !== 'slider' && control.name !== 'mode') inputs.push({ ...base, [control.name]: '' });
  }
  // Aspect ratios with and without an image ('auto' resolves differently).
  if (m.ui.controls.some((c) => c.type === 'aspect_ratio_selector')) inputs.push({ ...base, image_url: '' });
  return inputs.filter((input) => validateForModel(m, input).ok);
}

const cases: [string, string | undefined][] = models.flatMap((m): [string, string | undefined][] =>
  m.modes ? m.modes.map((mode): [string, string | undefined] => [m.id, mode.value]) : [[m.id, undefined]],
);

describe('provider limits fixture', () => {
  it('covers every provider model the catalogue calls, except those without a public schema', () => {
    const targets = new Set(models.flatMap((m) => (m.modes ? m.modes.map((mode) => mode.path) : [m.api.path])));
    const missing = [...targets].filter((t) => !providers[t]).sort();
    expect(missing).toEqual([...NO_PUBLIC_SCHEMA].sort());
  });
});

describe.each(cases)('%s (mode %s): every offered value stays inside the provider’s limits', (id, mode) => {
  it('every slider extreme, choice and seed gives a payload the provider accepts', () => {
    const m = model(id);
    const problems = new Set<string>();
    let checked = 0;
    for (const input of probeInputs(m, mode)) {
      const request = providerRequestFor(m, input);
      if (NO_PUBLIC_SCHEMA.includes(request.target)) continue;
      checked += 1;
      for (const problem of payloadProblems(request.target, request.input)) problems.add(problem);
    }
    expect([...problems]).toEqual([]);
    if (!NO_PUBLIC_SCHEMA.includes(mode ? (m.modes?.find((x) => x.value === mode)?.path ?? '') : m.api.path)) expect(checked).toBeGreaterThan(0);
  });
});

describe('the ranges the issue names', () => {
  it.each([
    ['flux-depth-pro', 'black-forest-labs/flux-depth-pro'],
    ['flux-canny-pro', 'black-forest-labs/flux-canny-pro'],
    ['flux-fill-pro', 'black-forest-labs/flux-fill-pro'],
  ])('%s guidance is capped at the provider maximum (%s)', (id, target) => {
    const guidance = model(id).ui.controls.find((c) => c.name === 'guidance');
    const limit = providers[target]!.fields.guidance!;
    expect(guidance).toEqual(expect.objectContaining({ type: 'slider', min: limit.min, max: limit.max }));
  });

  it('depth pro and canny pro top out at 50', () => {
    expect(providers['black-forest-labs/flux-depth-pro']!.fields.guidance!.max).toBe(50);
    expect(providers['black-forest-labs/flux-canny-pro']!.fields.guidance!.max).toBe(50);
    for (const id of ['flux-depth-pro', 'flux-canny-pro']) {
      expect(model(id).ui.controls.find((c) => c.name === 'guidance')).toEqual(expect.objectContaining({ max: 50 }));
    }
  });

  it('the fill tool requires the prompt Replicate requires, with a clear message', () => {
    expect(providers['black-forest-labs/flux-fill-pro']!.required).toContain('prompt');
    const fill = model('flux-fill-pro');
    const input = validInputFor(fill);
    for (const prompt of ['', '   ', undefined]) {
      expect(validateForModel(fill, { ...input, prompt })).toEqual({ ok: false, message: 'Please describe what should appear in the painted area.' });
    }
    expect(fill.ui.controls.find((c) => c.name === 'prompt')).toEqual(expect.objectContaining({ type: 'prompt', required: true }));
  });

  it('movement_amplitude (a Vidu input): no provider the catalogue calls takes it, so no form offers it', () => {
    expect(Object.entries(providers).filter(([, provider]) => 'movement_amplitude' in provider.fields)).toEqual([]);
    expect(models.filter((m) => m.ui.controls.some((c) => c.name === 'movement_amplitude')).map((m) => m.id)).toEqual([]);
  });

  it('catches a payload outside a provider range (the check itself can fail)', () => {
    expect(payloadProblems('black-forest-labs/flux-depth-pro', { prompt: 'x', control_image: 'https://a/b.png', guidance: 51 })).toEqual([
      'black-forest-labs/flux-depth-pro: guidance=51 above 50',
    ]);
    expect(payloadProblems('black-forest-labs/flux-fill-pro', { image: 'https://a/b.png' })).toEqual(['black-forest-labs/flux-fill-pro: required prompt missing']);
    expect(payloadProblems('pixverse/pixverse-v4.5', { prompt: 'x', duration: 10 })).toEqual(['pixverse/pixverse-v4.5: duration=10 not in [5,8]']);
    expect(payloadProblems('black-forest-labs/flux-schnell', { prompt: 'x', steps: 4 })).toEqual(['black-forest-labs/flux-schnell: unknown field steps']);
  });
});
