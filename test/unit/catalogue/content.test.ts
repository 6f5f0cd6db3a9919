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
  loraPageSections,
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
import { assetKeyOf } from '../../../src/catalogue/assets/samples';

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

  it('carries every field of the spec with its real value', () => {
    const fields = ['id', 'handle', 'label', 'defaultPrompt', 'image', 'detailsLink', 'tags', 'type', 'description', 'triggerWords', 'triggerWordsAtEnd', 'recommendLoraScale', 'commercialInfo', 'downloads', 'likes', 'created_at', 'repo_id', 'url', 'replicateId', 'contentLengths', 'examplesKey', 'isNew'];
    const flux1DevRelease = Date.parse('2024-08-01');
    for (const l of loras) {
      for (const f of fields) expect(l, `${l.id}.${f}`).toHaveProperty(f);
      expect(l.detailsLink).toBe(`/models/${l.id}`);
      expect(l.url).toMatch(/^https:\/\/huggingface\.co\/.+\.safetensors$/);
      // Identity, weights and the Replicate reference all name the one Hugging Face repository.
      expect(l.handle, l.id).toBe(l.repo_id.split('/')[0]);
      expect(l.url.startsWith(`https://huggingface.co/${l.repo_id}/resolve/main/`), l.id).toBe(true);
      expect(l.replicateId, l.id).toBe(`huggingface.co/${l.repo_id}`);
      // The card image is a real file served from public/ (the placeholder a rendered sample replaces).
      expect(statSync(resolve(process.cwd(), 'public', `.${assetKeyOf(l.image)}`)).size, l.image).toBeGreaterThan(0);
      // A real release date: a FLUX.1 [dev] LoRA is no older than FLUX.1 [dev], and not from the future.
      expect(Date.parse(l.created_at), l.id).toBeGreaterThanOrEqual(flux1DevRelease);
      expect(Date.parse(l.created_at), l.id).toBeLessThanOrEqual(Date.now());
      expect(l.recommendLoraScale, l.id).toBeGreaterThan(0);
      expect(l.recommendLoraScale, l.id).toBeLessThanOrEqual(2);
      for (const text of [l.label, l.description, l.defaultPrompt]) expect(text.trim().length, l.id).toBeGreaterThan(2);
      expect(l.tags.length, l.id).toBeGreaterThan(0);
      // The section lengths count what the LoRA's page shows.
      const sections = loraPageSections(l);
      expect(l.contentLengths, l.id).toEqual({ faq: sections.faq.length, howTo: sections.howTo.length, tips: sections.tips.length });
      // Hub counters are not in the catalogue: unknown (null), never a made-up 0.
      expect(l.downloads, l.id).toBeNull();
      expect(l.likes, l.id).toBeNull();
      expect(l.examplesKey).toBe(l.id);
    }
    expect(getLora('flux-realism')).toMatchObject({
      handle: 'XLabs-AI',
      repo_id: 'XLabs-AI/flux-RealismLora',
      url: 'https://huggingface.co/XLabs-AI/flux-RealismLora/resolve/main/lora.safetensors',
      replicateId: 'huggingface.co/XLabs-AI/flux-RealismLora',
      type: 'realism',
      recommendLoraScale: 0.9,
      created_at: '2024-08-06',
      triggerWords: [],
      triggerWordsAtEnd: false,
      commercialInfo: { commercialUse: false, notice: 'not for commercial use' },
      contentLengths: { howTo: 4, tips: 2, faq: 4 },
    });
    expect(getLora('ghibsky-illustration')).toMatchObject({
      handle: 'aleksa-codes',
      replicateId: 'huggingface.co/aleksa-codes/flux-ghibsky-illustration',
      triggerWords: ['GHIBSKY style'],
      created_at: '2024-08-24',
      recommendLoraScale: 1,
      contentLengths: { howTo: 4, tips: 3, faq: 4 },
    });
    // Values differ where the LoRAs differ: a constant in every LoRA would fail here.
    for (const field of ['handle', 'repo_id', 'created_at', 'recommendLoraScale', 'type'] as const) {
      expect(new Set(loras.map((l) => l[field])).size, field).toBeGreaterThan(1);
    }
    expect(new Set(loras.map((l) => l.contentLengths.tips))).toEqual(new Set([2, 3]));
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
