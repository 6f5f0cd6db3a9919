import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LORA_ID,
  extremeScenarios,
  getImageEffect,
  getLora,
  getVideoEffect,
  hairColors,
  haircuts,
  headshotBackgrounds,
  imageEffects,
  locations,
  loras,
  pixverseStyles,
  promptAdapterTargets,
  promptTemplates,
  randomPrompts,
  renaissanceStyles,
  videoEffects,
  withTriggerWords,
} from '../../../src/catalogue';
import { catalogueAssetPaths } from '../../../src/catalogue/assets/paths';

describe('preset list sizes (core-flow §9)', () => {
  it.each([
    ['locations (about 65)', locations.length, 60, 70],
    ['haircuts (about 100)', haircuts.length, 95, 110],
    ['LoRAs (about 30)', loras.length, 28, 32],
  ])('%s', (_name, size, min, max) => {
    expect(size).toBeGreaterThanOrEqual(min);
    expect(size).toBeLessThanOrEqual(max);
  });

  it.each([
    ['extreme scenarios', extremeScenarios.length, 32],
    ['Renaissance styles', renaissanceStyles.length, 12],
    ['hair colors', hairColors.length, 29],
    ['image effect styles', imageEffects.length, 15],
    ['headshot backgrounds', headshotBackgrounds.length, 5],
    ['Pixverse styles', pixverseStyles.length, 6],
    ['prompt adapter targets', promptAdapterTargets.length, 3],
  ])('%s: %i', (_name, size, expected) => {
    expect(size).toBe(expected);
  });

  it('has about 30 curated random prompts, all distinct and substantial', () => {
    expect(randomPrompts.length).toBeGreaterThanOrEqual(25);
    expect(new Set(randomPrompts).size).toBe(randomPrompts.length);
    for (const p of randomPrompts) expect(p.length).toBeGreaterThan(40);
  });

  it('offers prompt templates to Kontext and the text remover', () => {
    expect(promptTemplates.filter((t) => t.modelIds.includes('flux-kontext')).length).toBeGreaterThan(3);
    expect(promptTemplates.filter((t) => t.modelIds.includes('kontext-text-remover')).length).toBeGreaterThan(3);
  });
});

describe('LoRAs (core-flow §3)', () => {
  it('defaults to flux-realism', () => {
    expect(DEFAULT_LORA_ID).toBe('flux-realism');
    expect(getLora('flux-realism')).toBeDefined();
  });

  it('carries every field of the spec', () => {
    const fields = ['id', 'handle', 'label', 'defaultPrompt', 'image', 'detailsLink', 'tags', 'type', 'description', 'triggerWords', 'triggerWordsAtEnd', 'recommendLoraScale', 'commercialInfo', 'downloads', 'likes', 'created_at', 'repo_id', 'url', 'replicateId', 'contentLengths', 'examplesKey', 'isNew'];
    for (const l of loras) {
      for (const f of fields) expect(l, `${l.id}.${f}`).toHaveProperty(f);
      expect(l.detailsLink).toBe(`/models/${l.id}`);
      expect(l.url).toMatch(/^https:\/\/huggingface\.co\/.+\.safetensors$/);
    }
  });

  it("marks some as 'not for commercial use' and some as commercial", () => {
    expect(loras.some((l) => l.commercialInfo.notice === 'not for commercial use')).toBe(true);
    expect(loras.some((l) => l.commercialInfo.commercialUse)).toBe(true);
  });

  it('puts trigger words before the prompt, or after it when the LoRA says so', () => {
    expect(withTriggerWords('a cat', getLora('ghibsky-illustration'))).toBe('GHIBSKY style, a cat');
    expect(withTriggerWords('a cat', getLora('yarn-art'))).toBe('a cat, yarn art style');
    expect(withTriggerWords('a cat', getLora('flux-realism'))).toBe('a cat');
  });
});

describe('effect templates', () => {
  it('image effects carry effectPrompt, images, hot/new flags and examples', () => {
    for (const e of imageEffects) {
      expect(e.effectPrompt.length).toBeGreaterThan(30);
      expect(e.examples.length).toBeGreaterThan(0);
    }
    expect(imageEffects.some((e) => e.isHot)).toBe(true);
    expect(imageEffects.some((e) => e.isNew)).toBe(true);
    expect(getImageEffect('ghibli')?.name).toBe('Ghibli Style');
  });

  it('video effects include hug, kiss, eye zoom and a Ghibli style', () => {
    expect(getVideoEffect('hug')).toEqual(expect.objectContaining({ modelId: 'kling-effects', providerEffect: 'hug', imageCount: 2 }));
    expect(getVideoEffect('kiss')).toEqual(expect.objectContaining({ modelId: 'kling-effects', providerEffect: 'kiss', imageCount: 2 }));
    expect(getVideoEffect('eye-zoom')).toBeDefined();
    expect(getVideoEffect('ghibli-live')).toEqual(expect.objectContaining({ modelId: 'pixverse-effects', providerEffect: 'Ghibli Live!' }));
    expect(videoEffects.length).toBeGreaterThan(4);
  });
});

describe('sample images', () => {
  const publicDir = resolve(__dirname, '../../../public');
  const paths = catalogueAssetPaths();

  it('every referenced /catalogue asset exists in public/ (pages render offline)', () => {
    expect(paths.length).toBeGreaterThan(100);
    const missing = paths.filter((p) => !existsSync(resolve(publicDir, `.${p}`)));
    expect(missing).toEqual([]);
  });

  it('stays small (under 3 MB in total)', () => {
    const total = paths.reduce((sum, p) => sum + statSync(resolve(publicDir, `.${p}`)).size, 0);
    expect(total).toBeLessThan(3 * 1024 * 1024);
  });
});
