import { describe, expect, it } from 'vitest';
import { getModel, models, providerRequestFor, publicModelDefinition, type ModelDefinition } from '../../../src/catalogue';
import { IMG, IMG2, validInputFor } from './helpers';

const model = (id: string): ModelDefinition => {
  const m = getModel(id);
  if (!m) throw new Error(`missing model ${id}`);
  return m;
};

describe('providerRequestFor: real provider targets and field names', () => {
  it('flux-schnell', () => {
    expect(providerRequestFor(model('flux-schnell'), { prompt: 'a red fox', image_size: '16:9', num_outputs: 2, seed: 42 })).toEqual({
      platform: 'replicate',
      target: 'black-forest-labs/flux-schnell',
      input: { prompt: 'a red fox', aspect_ratio: '16:9', num_outputs: 2, num_inference_steps: 4, seed: 42, output_format: 'jpg', output_quality: 90 },
    });
  });

  it('flux-1.1-pro with an image prompt', () => {
    expect(providerRequestFor(model('flux-1.1-pro'), { prompt: 'a red fox', image_prompt: IMG, prompt_upsampling: true })).toEqual({
      platform: 'replicate',
      target: 'black-forest-labs/flux-1.1-pro',
      input: {
        prompt: 'a red fox',
        aspect_ratio: '1:1',
        image_prompt: IMG,
        prompt_upsampling: true,
        safety_tolerance: 2,
        output_format: 'jpg',
        output_quality: 90,
      },
    });
  });

  it('FLUX Redux dev and schnell send the image as redux_image, with aspect ratio, outputs and steps', () => {
    expect(providerRequestFor(model('flux-redux-dev'), { image_url: IMG, image_size: '16:9', num_outputs: 2, seed: 5 })).toEqual({
      platform: 'replicate',
      target: 'black-forest-labs/flux-redux-dev',
      input: { redux_image: IMG, aspect_ratio: '16:9', guidance: 3, num_outputs: 2, num_inference_steps: 28, seed: 5, output_format: 'jpg', output_quality: 90 },
    });
    expect(providerRequestFor(model('flux-redux-schnell'), { image_url: IMG })).toEqual({
      platform: 'replicate',
      target: 'black-forest-labs/flux-redux-schnell',
      input: { redux_image: IMG, aspect_ratio: '1:1', num_outputs: 1, num_inference_steps: 4, output_format: 'jpg', output_quality: 90 },
    });
  });

  it('flux-pro uses output_quality 85', () => {
    expect(providerRequestFor(model('flux-pro'), { prompt: 'a red fox' }).input).toEqual({
      prompt: 'a red fox',
      aspect_ratio: '1:1',
      guidance: 3,
      steps: 25,
      prompt_upsampling: false,
      safety_tolerance: 2,
      output_format: 'jpg',
      output_quality: 85,
    });
  });

  it('flux-1.1-pro-ultra sends raw', () => {
    expect(providerRequestFor(model('flux-1.1-pro-ultra'), { prompt: 'a red fox', raw: true, image_size: '3:2' })).toEqual({
      platform: 'replicate',
      target: 'black-forest-labs/flux-1.1-pro-ultra',
      input: { prompt: 'a red fox', aspect_ratio: '3:2', raw: true, safety_tolerance: 2, output_format: 'jpg' },
    });
  });

  it('Kontext lite (default mode): Pruna target with img_cond_path and speed_mode, auto -> match_input_image', () => {
    expect(providerRequestFor(model('flux-kontext'), { prompt: 'make it snow', image_url: IMG, seed: 7 })).toEqual({
      platform: 'replicate',
      target: 'prunaai/flux-kontext-dev',
      input: {
        prompt: 'make it snow',
        img_cond_path: IMG,
        aspect_ratio: 'match_input_image',
        speed_mode: 'Juiced 🔥 (default)',
        num_inference_steps: 30,
        seed: 7,
        output_format: 'jpg',
        output_quality: 90,
      },
    });
  });

  it('Kontext dev (Standard) sends its guidance', () => {
    expect(providerRequestFor(model('flux-kontext'), { mode: 'dev', prompt: 'make it snow', image_url: IMG, guidance: 4 })).toEqual({
      platform: 'replicate',
      target: 'black-forest-labs/flux-kontext-dev',
      input: {
        prompt: 'make it snow',
        input_image: IMG,
        aspect_ratio: 'match_input_image',
        guidance: 4,
        num_inference_steps: 30,
        output_format: 'jpg',
        output_quality: 90,
      },
    });
  });

  it('Kontext pro: input_image and prompt_upsampling; auto without an image resolves to 1:1', () => {
    expect(providerRequestFor(model('flux-kontext'), { mode: 'pro', prompt: 'a poster of a cat' })).toEqual({
      platform: 'replicate',
      target: 'black-forest-labs/flux-kontext-pro',
      input: { prompt: 'a poster of a cat', aspect_ratio: '1:1', prompt_upsampling: false, safety_tolerance: 2, output_format: 'jpg' },
    });
    expect(providerRequestFor(model('flux-kontext'), { mode: 'max', prompt: 'x', image_url: IMG, image_size: '4:3' }).target).toBe(
      'black-forest-labs/flux-kontext-max',
    );
  });

  it('scenario edits build the instruction from the preset and run in pro by default', () => {
    const request = providerRequestFor(model('kontext-location'), { image_url: IMG, location: 'times-square-new-york' });
    expect(request.target).toBe('black-forest-labs/flux-kontext-pro');
    expect(request.input.prompt).toMatch(/^Place the person in Times Square at night/);
    expect(request.input.input_image).toBe(IMG);
    const hair = providerRequestFor(model('kontext-hairstyle'), { image_url: IMG, haircut: 'wolf-cut', hair_color: 'copper', mode: 'lite' });
    expect(hair.target).toBe('prunaai/flux-kontext-dev');
    expect(hair.input.prompt).toMatch(/^Change the person's hairstyle to a wolf cut and color the hair copper\./);
    expect(hair.input.img_cond_path).toBe(IMG);
  });

  it('style effect sends the effect prompt', () => {
    const request = providerRequestFor(model('kontext-style-effect'), { image_url: IMG, effect_template_id: 'pop-art' });
    expect(request.input.prompt).toMatch(/pop art/);
  });

  it('flux-lora on fal: loras [{path, scale}], image_size {width, height}, 30 steps, guidance_scale, trigger words', () => {
    expect(providerRequestFor(model('flux-lora'), { prompt: 'a fox in a forest', lora: 'ghibsky-illustration', lora_scale: 0.8, num_outputs: 2, seed: 3 })).toEqual({
      platform: 'fal',
      target: 'fal-ai/flux-lora',
      input: {
        prompt: 'GHIBSKY style, a fox in a forest',
        image_size: { width: 1024, height: 1024 },
        num_inference_steps: 30,
        guidance_scale: 7.5,
        num_images: 2,
        loras: [{ path: 'https://huggingface.co/aleksa-codes/flux-ghibsky-illustration/resolve/main/lora.safetensors', scale: 0.8 }],
        seed: 3,
        enable_safety_checker: true,
        output_format: 'jpeg',
      },
    });
    expect(providerRequestFor(model('flux-lora'), { prompt: 'x', image_size: '16:9' }).input.image_size).toEqual({ width: 1024, height: 576 });
  });

  it('flux-fill-pro: image, mask, prompt, guidance 3 (Replicate takes 2 to 5)', () => {
    expect(providerRequestFor(model('flux-fill-pro'), { image_url: IMG, mask_image: IMG2, prompt: 'a green velvet sofa' })).toEqual({
      platform: 'replicate',
      target: 'black-forest-labs/flux-fill-pro',
      input: {
        image: IMG,
        mask: IMG2,
        prompt: 'a green velvet sofa',
        guidance: 3,
        steps: 50,
        outpaint: 'None',
        output_format: 'jpg',
        safety_tolerance: 2,
        prompt_upsampling: false,
      },
    });
  });

  it('depth and canny send control_image', () => {
    expect(providerRequestFor(model('flux-canny-pro'), { control_image: IMG, prompt: 'a castle' }).input).toEqual(
      expect.objectContaining({ control_image: IMG, prompt: 'a castle', guidance: 30 }),
    );
    expect(providerRequestFor(model('flux-depth-dev'), { control_image: IMG, prompt: 'a castle' }).input).toEqual(
      expect.objectContaining({ control_image: IMG, guidance: 10, num_outputs: 1, output_format: 'jpg' }),
    );
  });

  it('Kling v2.1 standard and pro', () => {
    expect(providerRequestFor(model('kling-v2.1-standard'), { start_image_url: IMG, prompt: 'she smiles', duration: 10 })).toEqual({
      platform: 'replicate',
      target: 'kwaivgi/kling-v2.1',
      input: { prompt: 'she smiles', start_image: IMG, mode: 'standard', duration: 10 },
    });
    expect(
      providerRequestFor(model('kling-v2.1-pro'), { start_image_url: IMG, end_image_url: IMG2, prompt: 'she smiles', negative_prompt: 'blur' }),
    ).toEqual({
      platform: 'replicate',
      target: 'kwaivgi/kling-v2.1',
      input: { prompt: 'she smiles', start_image: IMG, end_image: IMG2, mode: 'pro', duration: 5, negative_prompt: 'blur' },
    });
  });

  it('Kling 1.6 multi-reference sends reference_images', () => {
    expect(providerRequestFor(model('kling-1.6-multi'), { input_image_urls: [IMG, IMG2], prompt: 'two friends on a beach' })).toEqual({
      platform: 'replicate',
      target: 'kwaivgi/kling-v1.6-standard',
      input: { prompt: 'two friends on a beach', reference_images: [IMG, IMG2], aspect_ratio: '16:9', duration: 5, cfg_scale: 0.5 },
    });
  });

  it('Kling effects on fal: input_image_urls, effect_scene, duration as a string', () => {
    expect(providerRequestFor(model('kling-effects'), { effect_template_id: 'hug', effect_input: IMG, effect_input_2: IMG2, duration: 10 })).toEqual({
      platform: 'fal',
      target: 'fal-ai/kling-video/v1.6/standard/effects',
      input: { input_image_urls: [IMG, IMG2], effect_scene: 'hug', duration: '10' },
    });
  });

  it('Pixverse: quality 540p, style, and the 8 s clip it renders', () => {
    expect(providerRequestFor(model('pixverse'), { start_image_url: IMG, prompt: 'waves', style: 'anime', duration: 8 })).toEqual({
      platform: 'replicate',
      target: 'pixverse/pixverse-v4.5',
      input: { prompt: 'waves', image: IMG, quality: '540p', style: 'anime', duration: 8, motion_mode: 'normal' },
    });
    expect(providerRequestFor(model('pixverse-effects'), { effect_template_id: 'ghibli-live', effect_input: IMG }).input).toEqual(
      expect.objectContaining({ image: IMG, effect: 'Ghibli Live!', quality: '540p', duration: 5 }),
    );
  });

  it('upscaler (Real-ESRGAN)', () => {
    expect(providerRequestFor(model('upscaler'), { image_url: IMG, scale: 4 })).toEqual({
      platform: 'replicate',
      target: 'nightmareai/real-esrgan',
      input: { image: IMG, scale: 4, face_enhance: false },
    });
  });

  it('remove background, captions per mode, image-to-prompt and prompt adapter', () => {
    expect(providerRequestFor(model('remove-background'), { image_url: IMG })).toEqual({ platform: 'replicate', target: 'cjwbw/rembg', input: { image: IMG } });
    expect(providerRequestFor(model('image-caption'), { image_url: IMG, mode: 'brief' })).toEqual({
      platform: 'replicate',
      target: 'salesforce/blip',
      input: { image: IMG, task: 'image_captioning' },
    });
    expect(providerRequestFor(model('image-caption'), { image_url: IMG }).target).toBe('lucataco/florence-2-large');
    expect(providerRequestFor(model('image-caption'), { image_url: IMG, mode: 'detailed' }).target).toBe('yorickvp/llava-13b');
    expect(providerRequestFor(model('image-to-prompt'), { image_url: IMG }).input).toEqual({ image: IMG, clip_model_name: 'ViT-L-14/openai', mode: 'fast' });
    const adapter = providerRequestFor(model('prompt-adapter'), { image_url: IMG, target_model: 'midjourney' });
    expect(adapter.input.prompt).toMatch(/Midjourney/);
  });

  it('builds a request for every model and mode without empty values', () => {
    for (const m of models) {
      for (const mode of m.modes?.map((x) => x.value) ?? [undefined]) {
        const request = providerRequestFor(m, validInputFor(m, mode));
        expect(request.platform).toBe(m.platform);
        expect(request.target).toMatch(/^[\w.-]+\/[\w./-]+$/);
        for (const value of Object.values(request.input)) expect(value === undefined || value === null || value === '').toBe(false);
      }
    }
  });
});

describe('publicModelDefinition', () => {
  it('is plain JSON without functions or provider paths, and carries what the form needs', () => {
    for (const m of models) {
      const pub = publicModelDefinition(m);
      expect(JSON.parse(JSON.stringify(pub))).toEqual(pub);
      expect(JSON.stringify(pub)).not.toContain('black-forest-labs/');
      expect(pub.ui.controls.length).toBe(m.ui.controls.length);
    }
    const kontext = publicModelDefinition(model('flux-kontext'));
    expect(kontext.modes?.map((x) => x.label)).toEqual(['Lite', 'Standard', 'Pro', 'Max']);
    expect(kontext.defaultValues).toEqual(expect.objectContaining({ mode: 'lite', image_size: 'auto', guidance: 2.5 }));
    expect(publicModelDefinition(model('image-caption')).sync).toBe(true);
  });
});
