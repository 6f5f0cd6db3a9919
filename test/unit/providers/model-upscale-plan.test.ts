/**
 * What an upscale asks of the model: the size asked (the input × the scale, its long side within
 * 8,192), the model's weights for that scale, and the input reduced only where the budget or the
 * target demands; the label says what was done.
 */
import { describe, expect, it } from 'vitest';
import { fallbackLabel, MODEL_MAX_INPUT_PIXELS, modelLabel, planUpscale } from '~/server/providers/local/model-upscale';

describe('planUpscale', () => {
  it.each([
    [64, 48, 2, { target: { width: 128, height: 96 }, modelScale: 2, modelInput: { width: 64, height: 48 } }],
    [64, 48, 3, { target: { width: 192, height: 144 }, modelScale: 3, modelInput: { width: 64, height: 48 } }],
    [512, 512, 4, { target: { width: 2048, height: 2048 }, modelScale: 4, modelInput: { width: 512, height: 512 } }],
    [100, 50, 6, { target: { width: 600, height: 300 }, modelScale: 4, modelInput: { width: 100, height: 50 } }],
    [100, 50, 8, { target: { width: 800, height: 400 }, modelScale: 8, modelInput: { width: 100, height: 50 } }],
    // 1×: the ×2 model on an input reduced to half, back at the input's size.
    [300, 200, 1, { target: { width: 300, height: 200 }, modelScale: 2, modelInput: { width: 150, height: 100 } }],
  ])('%i×%i at ×%i', (width, height, scale, plan) => {
    expect(planUpscale(width, height, scale)).toEqual(plan);
  });

  it('keeps the aspect ratio and the 8,192 bound for a tall input, with the budget on the model’s input', () => {
    const plan = planUpscale(20, 1500, 8);
    expect(plan.target).toEqual({ width: 109, height: 8192 });
    expect(plan.modelScale).toBe(4);
    const big = planUpscale(3000, 2000, 2);
    expect(big.target).toEqual({ width: 6000, height: 4000 });
    expect(big.modelInput.width * big.modelInput.height).toBeLessThanOrEqual(MODEL_MAX_INPUT_PIXELS);
    expect(big.modelInput.width / big.modelInput.height).toBeCloseTo(1.5, 2);
  });

  it('says which model made the result and what else was done', () => {
    expect(modelLabel(planUpscale(64, 48, 2), { width: 64, height: 48 })).toBe('Upscaled to 128×96 by ESRGAN-slim, a model run on this server (its ×2 weights).');
    expect(modelLabel(planUpscale(100, 50, 6), { width: 100, height: 50 })).toBe(
      'Upscaled to 600×300 by ESRGAN-slim, a model run on this server (its ×4 weights, then resized to 600×300).',
    );
    expect(modelLabel(planUpscale(3000, 2000, 2), { width: 3000, height: 2000 })).toBe(
      'Upscaled to 6000×4000 by ESRGAN-slim, a model run on this server (its ×2 weights, on the image reduced to 627×418 first, then resized to 6000×4000).',
    );
    expect(fallbackLabel({ width: 128, height: 96 })).toBe('Upscaled to 128×96 by resizing (Lanczos): the local ESRGAN-slim model could not be loaded on this server.');
  });
});
