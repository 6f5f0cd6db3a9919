import { describe, expect, it } from 'vitest';
import {
  ASPECT_RATIOS,
  COMMON_ASPECT_RATIOS,
  DEFAULT_ESTIMATED_DURATION,
  MASK_BRUSH,
  MIN_POLL_INTERVAL,
  MODEL_SEARCH_THRESHOLD,
  POLL_REPEAT,
  RECENT_LIMIT_DEFAULT,
  RECENT_LIMIT_GENERATOR,
  SEED_MAX,
  SEED_RANDOM_BELOW,
  UPLOAD_COMPRESSION_QUALITY,
  UPLOAD_LIMIT_BYTES,
  creditCostFor,
  defaultsFor,
  estimatedDurationFor,
  getApp,
  getModel,
  models,
  timeLimitFor,
  waitTimeFor,
  GENERIC_INPUT_ERROR,
  providerRequestFor,
  validateForModel,
  type Control,
  type ModelDefinition,
} from '../../../src/catalogue';
import { validInputFor } from './helpers';

const model = (id: string): ModelDefinition => {
  const m = getModel(id);
  if (!m) throw new Error(`missing model ${id}`);
  return m;
};
const control = (id: string, name: string): Control => {
  const c = model(id).ui.controls.find((x) => x.name === name && x.type !== 'prompt_template');
  if (!c) throw new Error(`missing control ${id}.${name}`);
  return c;
};

describe('credits (core-flow §9, tool-catalogue §9)', () => {
  it.each([
    ['flux-1.1-pro', { type: 'perImage', amount: 16 }],
    ['flux-1.1-pro-ultra', { type: 'perImage', amount: 25 }],
    ['flux-schnell', { type: 'perImage', amount: 1 }],
    ['flux-dev', { type: 'perImage', amount: 10 }],
    ['flux-pro', { type: 'perImage', amount: 20 }],
    ['flux-lora', { type: 'perImage', amount: 15 }],
    ['headshot', { type: 'perImage', amount: 20 }],
    ['pulid', { type: 'perImage', amount: 16 }],
    ['relight', { type: 'perImage', amount: 40 }],
    ['flux-fill-pro', { type: 'perImage', amount: 20 }],
    ['flux-depth-pro', { type: 'perImage', amount: 20 }],
    ['flux-depth-dev', { type: 'perImage', amount: 10 }],
    ['flux-canny-pro', { type: 'perImage', amount: 20 }],
    ['remove-background', { type: 'flat', amount: 1 }],
    ['upscaler', { type: 'flat', amount: 2 }],
    ['image-caption', { type: 'flat', amount: 1 }],
    ['image-to-prompt', { type: 'flat', amount: 1 }],
    ['prompt-adapter', { type: 'flat', amount: 1 }],
    ['kling-v2.1-standard', { type: 'perSecond', amount: 16, baseCost: 80 }],
    ['kling-v2.1-pro', { type: 'perSecond', amount: 30, baseCost: 150 }],
    ['pixverse', { type: 'perSecond', amount: 20, baseCost: 100 }],
    ['kling-1.6-multi', { type: 'perSecond', amount: 16, baseCost: 80 }],
    ['kling-1.6-text-to-video', { type: 'perSecond', amount: 16, baseCost: 80 }],
    ['kling-effects', { type: 'perSecond', amount: 16, baseCost: 80 }],
    ['pixverse-effects', { type: 'perSecond', amount: 20, baseCost: 100 }],
  ])('%s costs %o', (id, rule) => {
    expect(model(id).credits).toEqual(rule);
  });

  it.each([
    ['lite', 'Lite', 5, 90, 'prunaai/flux-kontext-dev'],
    ['dev', 'Standard', 8, 60, 'black-forest-labs/flux-kontext-dev'],
    ['pro', 'Pro', 16, 30, 'black-forest-labs/flux-kontext-pro'],
    ['max', 'Max', 30, 30, 'black-forest-labs/flux-kontext-max'],
  ])('Kontext mode %s (%s): %i credits, %i s, target %s', (mode, label, credits, seconds, path) => {
    const kontext = model('flux-kontext');
    expect(kontext.modes?.find((m) => m.value === mode)).toEqual(expect.objectContaining({ label, path, credits: { type: 'perImage', amount: credits }, estimatedDuration: seconds }));
    expect(creditCostFor(kontext, { mode })).toBe(credits);
    expect(estimatedDurationFor(kontext, { mode })).toBe(seconds);
  });

  it('Kontext defaults to lite; the scenario edits default to pro', () => {
    expect(model('flux-kontext').defaultMode).toBe('lite');
    expect(creditCostFor(model('flux-kontext'), {})).toBe(5);
    for (const id of ['kontext-change-scenery', 'kontext-location', 'kontext-renaissance', 'kontext-hairstyle']) {
      expect(model(id).defaultMode).toBe('pro');
      expect(defaultsFor(model(id)).mode).toBe('pro');
      expect(creditCostFor(model(id), {})).toBe(16);
    }
  });

  it('Text Remover and Photo Effects open in lite (5 credits, 90 s) like every other Kontext tool', () => {
    const pro = new Set(['kontext-change-scenery', 'kontext-location', 'kontext-renaissance', 'kontext-hairstyle']);
    const kontextTools = models.filter((m) => m.modes?.some((mode) => mode.path === 'prunaai/flux-kontext-dev'));
    expect(kontextTools.map((m) => m.id)).toEqual(expect.arrayContaining(['kontext-text-remover', 'kontext-style-effect']));
    for (const m of kontextTools.filter((k) => !pro.has(k.id))) {
      expect([m.id, m.defaultMode, defaultsFor(m).mode, creditCostFor(m, {}), estimatedDurationFor(m, {})]).toEqual([m.id, 'lite', 'lite', 5, 90]);
      expect(m.credits).toEqual({ type: 'perImage', amount: 5 });
    }
  });

  it('captioning has modes brief, normal and detailed, each costing 1 with its own path', () => {
    const caption = model('image-caption');
    expect(caption.modes?.map((m) => m.value)).toEqual(['brief', 'normal', 'detailed']);
    expect(new Set(caption.modes?.map((m) => m.path)).size).toBe(3);
    for (const m of caption.modes ?? []) expect(creditCostFor(caption, { mode: m.value })).toBe(1);
  });
});

describe('FLUX Redux: variations from an image', () => {
  it.each([
    ['flux-redux-dev', 10, 30],
    ['flux-redux-schnell', 1, 20],
  ])('%s: the image comes first and is required; %i credits per image, %i s', (id, credits, seconds) => {
    const redux = model(id);
    expect(redux.ui.controls[0]).toEqual(expect.objectContaining({ type: 'image_input', name: 'image_url', required: true }));
    expect(validateForModel(redux, {})).toEqual({ ok: false, message: 'An input image is required.' });
    expect(validateForModel(redux, { image_url: 'https://cdn.example.com/a.png' })).toEqual({ ok: true });
    expect(redux.credits).toEqual({ type: 'perImage', amount: credits });
    expect(creditCostFor(redux, { num_outputs: 3 })).toBe(3 * credits);
    expect(estimatedDurationFor(redux, {})).toBe(seconds);
    expect(redux.ui.controls.some((c) => c.type === 'prompt')).toBe(false);
  });

  it('the FLUX Redux app opens Redux dev and still offers FLUX 1.1 with its optional image prompt', () => {
    expect(getApp('flux-redux')).toEqual(expect.objectContaining({ defaultModelId: 'flux-redux-dev' }));
    expect(getApp('flux-redux')?.modelIds).toEqual(['flux-redux-dev', 'flux-redux-schnell', 'flux-1.1-pro', 'flux-1.1-pro-ultra', 'flux-pro']);
    const pro = model('flux-1.1-pro');
    expect(pro.ui.controls.map((c) => c.name)).toEqual(['prompt', 'image_prompt', 'image_size', 'prompt_upsampling', 'seed']);
    expect(control('flux-1.1-pro', 'image_prompt')).toEqual(expect.objectContaining({ type: 'image_input', advanced: true }));
    expect(control('flux-1.1-pro', 'image_prompt').required).toBeUndefined();
    expect(validateForModel(pro, { prompt: 'a fox' })).toEqual({ ok: true });
  });
});

describe('estimated durations (tool-catalogue §9; core-flow §9: others 20 to 30 s, default 60)', () => {
  it.each([
    ['headshot', 30], ['pulid', 60], ['relight', 60], ['flux-fill-pro', 30], ['remove-background', 10],
    ['upscaler', 30], ['image-caption', 10], ['image-to-prompt', 5], ['prompt-adapter', 5],
    ['flux-depth-pro', 30], ['flux-depth-dev', 30], ['flux-canny-pro', 30],
    ['kling-v2.1-standard', 180], ['kling-v2.1-pro', 180], ['pixverse', 120], ['kling-1.6-multi', 360],
    ['kling-1.6-text-to-video', 180], ['kling-effects', 360], ['pixverse-effects', 120],
  ])('%s: %i s', (id, seconds) => {
    expect(estimatedDurationFor(model(id), {})).toBe(seconds);
  });

  it.each(['flux-1.1-pro', 'flux-1.1-pro-ultra', 'flux-schnell', 'flux-dev', 'flux-pro', 'flux-lora'])('%s takes 20 to 30 s', (id) => {
    const seconds = estimatedDurationFor(model(id), {});
    expect(seconds).toBeGreaterThanOrEqual(20);
    expect(seconds).toBeLessThanOrEqual(30);
  });

  it('defaults to 60 s without a model', () => {
    expect(DEFAULT_ESTIMATED_DURATION).toBe(60);
    expect(estimatedDurationFor(undefined, {})).toBe(60);
  });

  it('gives every model a stuck limit of at least 10 minutes and 10× its estimate', () => {
    for (const m of models) {
      expect(timeLimitFor(m)).toBeGreaterThanOrEqual(600);
      expect(timeLimitFor(m)).toBeGreaterThanOrEqual(10 * estimatedDurationFor(m, {}));
    }
    expect(timeLimitFor(model('kling-1.6-multi'))).toBe(3600);
  });
});

describe('wait times (core-flow §6, tool-catalogue §6)', () => {
  it('free 60 s and premium 10 s by default', () => {
    expect(waitTimeFor(model('flux-dev'), false)).toBe(60);
    expect(waitTimeFor(model('flux-dev'), true)).toBe(10);
  });
  it('90 s free for the Kontext models that have it', () => {
    for (const id of ['flux-kontext', 'kontext-change-scenery', 'kontext-location', 'kontext-renaissance', 'kontext-hairstyle']) {
      expect(waitTimeFor(model(id), false)).toBe(90);
      expect(waitTimeFor(model(id), true)).toBe(10);
    }
  });
  it('30 s free for the text tools', () => {
    for (const id of ['image-caption', 'image-to-prompt', 'prompt-adapter']) {
      expect(waitTimeFor(model(id), false)).toBe(30);
      expect(model(id).sync).toBe(true);
    }
  });
  it('premium waits 0 when a model defines no premium wait', () => {
    const m = { ...model('flux-dev'), waitTime: { free: 60 } };
    expect(waitTimeFor(m, true)).toBe(0);
  });
  it('every premium wait is 10 s and no free wait is shorter', () => {
    for (const m of models) {
      expect(m.waitTime.premium).toBe(10);
      expect([30, 60, 90]).toContain(m.waitTime.free);
    }
  });
});

describe('sliders and selectors', () => {
  it.each([
    ['flux-pro', 'guidance', { min: 2, max: 5, step: 0.5, default: 3 }],
    ['flux-dev', 'prompt_strength', { min: 0, max: 1, step: 0.1, default: 0.8 }],
    ['flux-lora', 'lora_scale', { min: 0, max: 2, step: 0.1, default: 1 }],
    ['flux-lora', 'guidance', { min: 1, max: 20, step: 0.5, default: 7.5 }],
    ['flux-kontext', 'guidance', { min: 0, max: 10, step: 0.5, default: 2.5 }],
    // Replicate's flux-fill-pro takes guidance 2 to 5 (default 3), not BFL's 1.5..100 / 60: see structural.ts.
    ['flux-fill-pro', 'guidance', { min: 2, max: 5, step: 0.5, default: 3 }],
    ['flux-depth-pro', 'guidance', { min: 1, max: 50, step: 0.5, default: 15 }],
    ['flux-canny-pro', 'guidance', { min: 1, max: 50, step: 0.5, default: 30 }],
    ['kling-1.6-multi', 'cfg_scale', { min: 0, max: 1, step: 0.1, default: 0.5 }],
    ['kling-1.6-text-to-video', 'cfg_scale', { min: 0, max: 1, step: 0.1, default: 0.5 }],
    ['upscaler', 'scale', { min: 1, max: 8, step: 1, default: 2 }],
  ])('%s %s is %o', (id, name, range) => {
    expect(control(id, name)).toEqual(expect.objectContaining({ type: 'slider', ...range }));
  });

  it.each([
    ['flux-depth-pro', 15],
    ['flux-depth-dev', 10],
    ['flux-canny-pro', 30],
  ])('%s guidance defaults to %i', (id, value) => {
    expect(control(id, 'guidance')).toEqual(expect.objectContaining({ type: 'slider', default: value }));
  });

  it('Kontext guidance only shows in Standard (dev) mode', () => {
    expect(control('flux-kontext', 'guidance').dependsOn).toEqual({ field: 'mode', equals: 'dev' });
  });

  it('video durations offer what each provider delivers: 5 or 10 s (Kling), 5 or 8 s (Pixverse), default 5', () => {
    const videos = models.filter((m) => m.appType === 'video');
    expect(videos).toHaveLength(7);
    for (const m of videos) {
      const delivered = m.id.startsWith('pixverse') ? [5, 8] : [5, 10];
      expect(control(m.id, 'duration'), m.id).toEqual(expect.objectContaining({ type: 'duration_selector', choices: delivered, default: 5 }));
    }
  });

  it('Pixverse refuses a length it does not deliver, and bills the 8 s it does', () => {
    for (const id of ['pixverse', 'pixverse-effects']) {
      const input = { ...validInputFor(model(id)) };
      expect(validateForModel(model(id), { ...input, duration: 10 })).toEqual({ ok: false, message: GENERIC_INPUT_ERROR });
      expect(validateForModel(model(id), { ...input, duration: 8 })).toEqual({ ok: true });
      expect(creditCostFor(model(id), { duration: 8 })).toBe(160);
      expect(providerRequestFor(model(id), { ...input, duration: 8 }).input.duration).toBe(8);
    }
  });

  it('num_outputs is 1 to 4, default 1, wherever it is offered', () => {
    const withOutputs = models.filter((m) => m.ui.controls.some((c) => c.name === 'num_outputs'));
    expect(withOutputs.map((m) => m.id).sort()).toEqual(['flux-depth-dev', 'flux-dev', 'flux-lora', 'flux-redux-dev', 'flux-redux-schnell', 'flux-schnell']);
    for (const m of withOutputs) expect(control(m.id, 'num_outputs')).toEqual(expect.objectContaining({ choices: [1, 2, 3, 4], default: 1 }));
  });

  it('aspect ratio defaults to 1:1, auto for Kontext', () => {
    for (const id of ['flux-1.1-pro', 'flux-1.1-pro-ultra', 'flux-schnell', 'flux-dev', 'flux-pro', 'flux-lora']) {
      expect(defaultsFor(model(id)).image_size).toBe('1:1');
    }
    for (const id of ['flux-kontext', 'kontext-change-scenery', 'kontext-text-remover', 'kontext-style-effect']) {
      expect(defaultsFor(model(id)).image_size).toBe('auto');
    }
  });

  it('LoRA defaults: flux-realism, scale 1, guidance 7.5, 1024×1024', () => {
    expect(defaultsFor(model('flux-lora'))).toEqual(
      expect.objectContaining({ lora: 'flux-realism', lora_scale: 1, guidance: 7.5, width: 1024, height: 1024, num_outputs: 1, image_size: '1:1' }),
    );
  });

  it('mask brush is 1 to 50, default 20', () => {
    expect(MASK_BRUSH).toEqual({ min: 1, max: 50, default: 20 });
    expect(control('flux-fill-pro', 'mask_image')).toEqual(expect.objectContaining({ type: 'mask_input', brush: { min: 1, max: 50, default: 20 } }));
  });

  it('Pixverse quality is 540p and its styles are the six of the spec', () => {
    expect(defaultsFor(model('pixverse')).resolution).toBe('540p');
    const style = control('pixverse', 'style');
    expect(style.type === 'video_style_selector' && style.choices.map((c) => c.value)).toEqual(['None', 'anime', '3d_animation', 'clay', 'cyberpunk', 'comic']);
    expect(defaultsFor(model('pixverse')).style).toBe('None');
  });

  it('headshot backgrounds are white, black, neutral, gray, office', () => {
    const bg = control('headshot', 'background');
    expect(bg.type === 'background_selector' && bg.choices.map((c) => c.value)).toEqual(['white', 'black', 'neutral', 'gray', 'office']);
  });

  it('prompt adapter targets are Flux, Midjourney, Stable Diffusion', () => {
    const target = control('prompt-adapter', 'target_model');
    expect(target.type === 'button_group_selector' && target.choices.map((c) => c.label)).toEqual(['Flux', 'Midjourney', 'Stable Diffusion']);
  });

  it('multi-reference Kling takes 1 to 4 images', () => {
    expect(control('kling-1.6-multi', 'input_image_urls')).toEqual(expect.objectContaining({ type: 'multi_image_input', minImages: 1, maxImages: 4 }));
  });

  it('text remover compares Original with Text Removed', () => {
    expect(model('kontext-text-remover').ui.comparisonLabels).toEqual(['Original', 'Text Removed']);
  });
});

describe('shared constants', () => {
  it('pins the limits of both specs', () => {
    expect(UPLOAD_LIMIT_BYTES).toBe(5 * 1024 * 1024);
    expect(UPLOAD_COMPRESSION_QUALITY).toBe(0.8);
    expect(MIN_POLL_INTERVAL).toBe(10);
    expect(POLL_REPEAT).toBe(60);
    expect(RECENT_LIMIT_DEFAULT).toBe(12);
    expect(RECENT_LIMIT_GENERATOR).toBe(6);
    expect(MODEL_SEARCH_THRESHOLD).toBe(6);
    expect(SEED_RANDOM_BELOW).toBe(1_000_000);
    expect(SEED_MAX).toBe(2_147_483_647);
    expect([...COMMON_ASPECT_RATIOS]).toEqual(['1:1', '16:9', '9:16', '4:3', '3:4', '3:2']);
    expect([...ASPECT_RATIOS]).toEqual(['auto', '9:16', '16:9', '10:16', '16:10', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '1:1']);
  });
});
