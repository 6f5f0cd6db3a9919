import { describe, expect, it } from 'vitest';
import {
  GENERIC_INPUT_ERROR,
  MESSAGES,
  getModel,
  inputSchemaFor,
  models,
  validateForModel,
  type GenerationInput,
  type ModelDefinition,
} from '../../../src/catalogue';
import { IMG, IMG2, validInputFor } from './helpers';

const model = (id: string): ModelDefinition => {
  const m = getModel(id);
  if (!m) throw new Error(`missing model ${id}`);
  return m;
};
const valid = (id: string, patch: GenerationInput = {}, mode?: string): GenerationInput => ({ ...validInputFor(model(id), mode), ...patch });

describe('every model accepts its defaults with required inputs filled', () => {
  const cases: [string, string | undefined][] = models.flatMap((m) =>
    m.modes ? m.modes.map((mode): [string, string | undefined] => [m.id, mode.value]) : [[m.id, undefined]],
  );
  it.each(cases)('%s (mode %s)', (id, mode) => {
    const input = validInputFor(model(id), mode);
    expect(validateForModel(model(id), input)).toEqual({ ok: true });
    expect(inputSchemaFor(model(id)).safeParse(input).success).toBe(true);
  });
});

describe('per-model messages (core-flow §5, tool-catalogue §5)', () => {
  it.each<[string, GenerationInput, string]>([
    ['flux-1.1-pro', { prompt: '' }, 'Prompt is required.'],
    ['flux-1.1-pro-ultra', { prompt: '   ' }, 'Prompt is required.'],
    ['flux-schnell', { prompt: undefined }, 'Prompt is required.'],
    ['flux-dev', { prompt: '' }, 'Prompt is required.'],
    ['flux-pro', { prompt: '' }, 'Prompt is required.'],
    ['flux-kontext', { prompt: '' }, 'Prompt is required.'],
    ['flux-kontext', { mode: 'lite', image_url: '' }, 'An input image is required for Lite and Standard modes.'],
    ['flux-kontext', { mode: 'dev', image_url: undefined }, 'An input image is required for Lite and Standard modes.'],
    ['flux-kontext', { mode: undefined, image_url: '' }, 'An input image is required for Lite and Standard modes.'],
    ['kontext-change-scenery', { image_url: '' }, 'An input image is required for this model.'],
    ['kontext-location', { image_url: '' }, 'An input image is required for this model.'],
    ['kontext-renaissance', { image_url: '' }, 'An input image is required for this model.'],
    ['kontext-hairstyle', { image_url: '' }, 'An input image is required for this model.'],
    ['kontext-text-remover', { image_url: '' }, 'An input image is required.'],
    ['kontext-text-remover', { prompt: ' ' }, 'Please describe what text to remove.'],
    ['kontext-style-effect', { effect_template_id: '' }, 'An effect style must be selected.'],
    ['kontext-style-effect', { effect_template_id: 'no-such-effect' }, 'An effect style must be selected.'],
    ['kontext-style-effect', { image_url: '' }, 'An input image is required.'],
    ['flux-lora', { lora: '' }, 'A Lora model must be selected.'],
    ['flux-lora', { lora: 'unknown-lora' }, 'A Lora model must be selected.'],
    ['flux-lora', { prompt: '' }, 'Prompt is required.'],
    ['headshot', { image_url: '' }, 'An input image is required.'],
    ['pulid', { image_url: '' }, 'An input image is required.'],
    ['pulid', { prompt: '' }, 'A prompt is required.'],
    ['relight', { image_url: '' }, 'Input image is required.'],
    ['relight', { prompt: '' }, 'A prompt is required.'],
    ['flux-fill-pro', { image_url: '' }, 'An input image is required.'],
    ['flux-fill-pro', { mask_image: '' }, MESSAGES.maskRequired],
    ['flux-fill-pro', { prompt: ' ' }, 'Please describe what should appear in the painted area.'],
    ['flux-depth-pro', { control_image: '' }, 'An control image is required.'],
    ['flux-depth-dev', { control_image: '' }, 'An control image is required.'],
    ['flux-canny-pro', { control_image: '' }, 'An control image is required.'],
    ['flux-canny-pro', { prompt: '' }, 'A prompt is required.'],
    ['remove-background', { image_url: '' }, 'Input image is required.'],
    ['upscaler', { image_url: '' }, 'Input image is required.'],
    ['upscaler', { scale: 9 }, 'Scale factor must be between 1 and 8.'],
    ['upscaler', { scale: 0 }, 'Scale factor must be between 1 and 8.'],
    ['upscaler', { scale: 'big' }, 'Scale factor must be between 1 and 8.'],
    ['image-caption', { image_url: '' }, 'Input image is required.'],
    ['image-to-prompt', { image_url: '' }, 'Input image is required.'],
    ['prompt-adapter', { image_url: '' }, 'Input image is required.'],
    ['prompt-adapter', { target_model: '' }, 'A target model must be selected.'],
    ['prompt-adapter', { target_model: 'dall-e' }, 'A target model must be selected.'],
    ['kling-v2.1-standard', { start_image_url: '' }, 'A start image is required.'],
    ['kling-v2.1-standard', { prompt: '' }, 'A prompt is required.'],
    ['kling-v2.1-pro', { start_image_url: '' }, 'A start image is required.'],
    ['pixverse', { start_image_url: '' }, 'A start image is required.'],
    ['pixverse', { prompt: '' }, 'A prompt is required.'],
    ['kling-1.6-multi', { input_image_urls: [] }, 'At least one input image is required.'],
    ['kling-1.6-multi', { input_image_urls: [IMG, IMG, IMG, IMG, IMG] }, 'Maximum 4 input images allowed.'],
    ['kling-1.6-multi', { prompt: '' }, 'A prompt is required.'],
    ['kling-1.6-text-to-video', { prompt: '' }, 'A prompt is required.'],
    ['kling-effects', { effect_template_id: '' }, 'An effect style must be selected.'],
    ['kling-effects', { effect_template_id: 'ghibli-live' }, 'An effect style must be selected.'],
    ['kling-effects', { effect_input: '' }, 'Input image is required.'],
    ['kling-effects', { effect_template_id: 'hug', effect_input_2: '' }, MESSAGES.secondImageRequired],
    ['pixverse-effects', { effect_input: '' }, 'Input image is required.'],
  ])('%s %o -> %s', (id, patch, message) => {
    const input = valid(id, patch);
    expect(validateForModel(model(id), input)).toEqual({ ok: false, message });
    // The derived schema carries the same exact message.
    const parsed = inputSchemaFor(model(id)).safeParse(input);
    expect(parsed.success).toBe(false);
  });

  it('lets Kontext pro and max generate from text alone', () => {
    expect(validateForModel(model('flux-kontext'), valid('flux-kontext', { mode: 'pro', image_url: '' }))).toEqual({ ok: true });
    expect(validateForModel(model('flux-kontext'), valid('flux-kontext', { mode: 'max', image_url: undefined }))).toEqual({ ok: true });
  });

  it('accepts exactly 4 reference images and a single-person effect without a second image', () => {
    expect(validateForModel(model('kling-1.6-multi'), valid('kling-1.6-multi', { input_image_urls: [IMG, IMG, IMG, IMG] }))).toEqual({ ok: true });
    expect(validateForModel(model('kling-effects'), valid('kling-effects', { effect_template_id: 'squish', effect_input_2: '' }))).toEqual({ ok: true });
  });

  it('the schema issue message is the exact spec message', () => {
    const parsed = inputSchemaFor(model('flux-schnell')).safeParse({ prompt: '' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Prompt is required.');
  });

  it("shows the broken rule's message, else the generic one", () => {
    const custom = {
      ...model('flux-dev'),
      api: { ...model('flux-dev').api, validate: [{ kind: 'value' as const, field: 'seed', message: 'Custom failure.' }] },
    };
    expect(validateForModel(custom, valid('flux-dev'))).toEqual({ ok: false, message: 'Custom failure.' });
    expect(validateForModel(custom, valid('flux-dev', { seed: 7, num_outputs: 9 }))).toEqual({ ok: false, message: GENERIC_INPUT_ERROR });
  });
});

describe('generic form rules (tool-catalogue §5) fail with the generic message', () => {
  const generic = { ok: false, message: GENERIC_INPUT_ERROR };
  it.each<[string, GenerationInput]>([
    ['flux-schnell', { num_outputs: 5 }],
    ['flux-schnell', { num_outputs: 0 }],
    ['flux-schnell', { num_outputs: 1.5 }],
    ['flux-dev', { image_url: 'not a url' }],
    ['flux-dev', { image_url: 'ftp://example.com/a.jpg' }],
    ['flux-dev', { prompt_strength: 1.2 }],
    ['flux-dev', { seed: 1.5 }],
    ['flux-dev', { credit_to_consume: 0 }],
    ['flux-dev', { credit_to_consume: -3 }],
    ['flux-dev', { is_public: 'yes' }],
    ['flux-pro', { guidance: 6 }],
    ['flux-pro', { guidance: 1.5 }],
    ['flux-1.1-pro', { image_size: '21:9' }],
    ['flux-1.1-pro', { image_size: '10:16' }],
    ['flux-1.1-pro', { image_prompt: 'https://cdn.example.com/a.gif' }],
    ['flux-kontext', { mode: 'dev', guidance: 11 }],
    ['flux-kontext', { mode: 'ultra' }],
    ['flux-fill-pro', { guidance: 1 }],
    ['flux-fill-pro', { guidance: 1.5 }],
    ['flux-fill-pro', { guidance: 60 }],
    ['flux-depth-pro', { guidance: 51 }],
    ['flux-canny-pro', { guidance: 100 }],
    ['flux-fill-pro', { mask_image: 'data:image/bmp;base64,Qk0=' }],
    ['flux-fill-pro', { mask_image: 'mask.png' }],
    ['flux-lora', { lora_scale: 2.5 }],
    ['flux-lora', { guidance: 21 }],
    ['kling-v2.1-standard', { duration: 7 }],
    ['kling-1.6-multi', { cfg_scale: 1.5 }],
    ['kling-1.6-multi', { input_image_urls: ['not a url'] }],
    ['headshot', { background: 'beach' }],
    ['pixverse', { style: 'watercolor' }],
    ['pixverse', { resolution: '1080p' }],
    ['image-caption', { mode: 'poem' }],
  ])('%s rejects %o', (id, patch) => {
    expect(validateForModel(model(id), valid(id, patch))).toEqual(generic);
  });

  it.each<[string, GenerationInput]>([
    ['flux-kontext', { mode: 'dev', guidance: 0.5 }],
    ['flux-kontext', { mode: 'dev', guidance: 0 }],
    ['flux-fill-pro', { mask_image: 'data:image/png;base64,iVBORw0KGgo=' }],
    ['flux-fill-pro', { mask_image: 'data:image/jpeg;base64,/9j/4AAQ' }],
    ['flux-fill-pro', { mask_image: 'data:image/gif;base64,R0lGODlh' }],
    ['flux-fill-pro', { guidance: 2 }],
    ['flux-fill-pro', { guidance: 5 }],
    ['flux-1.1-pro', { image_prompt: 'https://cdn.example.com/a.webp' }],
    ['flux-1.1-pro', { image_prompt: 'https://cdn.example.com/a.jpeg?sig=1' }],
    ['flux-1.1-pro', { image_prompt: '' }],
    ['flux-kontext', { image_size: 'auto' }],
    ['flux-dev', { seed: 424242, is_public: false, pageId: 'home', appId: 'flux-dev', model_id: 'flux-dev', credit_to_consume: 10 }],
    ['flux-schnell', { num_outputs: 4 }],
    ['kling-v2.1-pro', { duration: 10, end_image_url: IMG2 }],
    ['upscaler', { scale: 8 }],
    ['upscaler', { scale: 1 }],
  ])('%s accepts %o', (id, patch) => {
    expect(validateForModel(model(id), valid(id, patch))).toEqual({ ok: true });
  });

  it('seeds run from 0 to 2,147,483,647 on every model that takes one; outside, the message names the seed field', () => {
    const seeded = models.filter((m) => m.ui.controls.some((c) => c.type === 'seed'));
    expect(seeded.length).toBeGreaterThan(10);
    for (const m of seeded) {
      for (const seed of [0, 999_999, 2_147_483_647]) expect([m.id, validateForModel(m, valid(m.id, { seed }))]).toEqual([m.id, { ok: true }]);
      for (const seed of [-1, 2_147_483_648, 1e12]) {
        expect([m.id, validateForModel(m, valid(m.id, { seed }))]).toEqual([m.id, { ok: false, message: 'Seed must be a whole number from 0 to 2,147,483,647.' }]);
      }
    }
    expect(MESSAGES.seedOutOfRange).toBe('Seed must be a whole number from 0 to 2,147,483,647.');
  });

  it('strips unknown fields and fills defaults', () => {
    const parsed = inputSchemaFor(model('flux-schnell')).parse({ prompt: 'a cat', hacker: true, seed: '' });
    expect(parsed).toEqual({ prompt: 'a cat', image_size: '1:1', num_outputs: 1, credit_to_consume: 1 });
  });
});
