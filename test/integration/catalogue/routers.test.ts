/** The catalogue's procedures through createCaller: LoRAs, effects, apps, model definitions, prompts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, getApp, loras, randomPrompts } from '~/catalogue';
import { startStudio, type Studio } from '@test/helpers/studio';

let studio: Studio;

beforeAll(async () => {
  studio = await startStudio();
});

afterAll(async () => {
  await studio?.stop();
});

describe('lora router', () => {
  it('lists every LoRA as a card with its notice, and searches and filters by tag', async () => {
    const all = await studio.caller(null).lora.list({});
    expect(all.items).toHaveLength(loras.length);
    const realism = all.items.find((l) => l.id === 'flux-realism')!;
    expect(realism).toMatchObject({ detailsLink: '/models/flux-realism', label: expect.any(String) });
    // The notice is on exactly the catalogue's LoRAs that are not for commercial use (there are some).
    const restricted = loras.filter((l) => l.commercialInfo.notice).map((l) => l.id);
    expect(restricted.length).toBeGreaterThan(0);
    expect(all.items.filter((l) => l.notice !== null).map((l) => [l.id, l.notice])).toEqual(
      all.items.filter((l) => restricted.includes(l.id)).map((l) => [l.id, 'not for commercial use']),
    );
    const tag = all.tags[0]!;
    const tagged = await studio.caller(null).lora.list({ tag });
    expect(tagged.items.length).toBeGreaterThan(0);
    expect(tagged.items.every((l) => l.tags.includes(tag))).toBe(true);
    const searched = await studio.caller(null).lora.list({ search: realism.label.slice(0, 6) });
    expect(searched.items.map((l) => l.id)).toContain('flux-realism');
    expect((await studio.caller(null).lora.list({ search: 'zzzz-no-such-lora' })).items).toEqual([]);
  });

  it('gets one LoRA with its create link; an unknown id is NOT_FOUND', async () => {
    const lora = await studio.caller(null).lora.get({ id: 'flux-realism' });
    expect(lora.createLink).toBe('/create/flux-lora?lora=flux-realism');
    expect(lora.triggerWords).toBeInstanceOf(Array);
    await expect(studio.caller(null).lora.get({ id: 'nope' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'LoRA not found.' });
  });
});

describe('effects router', () => {
  it('lists the 15 image effects and the video templates (hug, kiss, eye zoom, Ghibli)', async () => {
    const images = await studio.caller(null).effects.imageList({});
    expect(images).toHaveLength(15);
    const videos = await studio.caller(null).effects.videoList({});
    const names = videos.map((v) => v.name.toLowerCase()).join(' | ');
    for (const word of ['hug', 'kiss', 'zoom', 'ghibli']) expect(names).toContain(word);
    const first = images[0]!;
    expect(await studio.caller(null).effects.getImage({ id: first.id })).toEqual(first);
    await expect(studio.caller(null).effects.getVideo({ id: 'nope' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('generation catalogue queries', () => {
  it('lists every app and an app’s models as public definitions without provider details', async () => {
    expect((await studio.caller(null).generation.apps()).map((a) => a.id)).toEqual(apps.map((a) => a.id));
    const { app, models } = await studio.caller(null).generation.appModels({ id: 'flux-lora' });
    expect(app.defaultModelId).toBe(getApp('flux-lora')!.defaultModelId);
    expect(models.map((m) => m.id)).toContain('flux-lora');
    const json = JSON.stringify(models);
    expect(json).not.toContain('fal-ai/');
    expect(json).not.toContain('black-forest-labs/');
    await expect(studio.caller(null).generation.appModels({ id: 'nope' })).rejects.toMatchObject({ message: 'Error: App configuration not found.' });
    await expect(studio.caller(null).generation.model({ id: 'nope' })).rejects.toMatchObject({ message: 'Invalid model ID: No configuration found' });
  });

  it('answers a curated random prompt and prices inputs from the catalogue', async () => {
    const { content } = await studio.caller(null).generation.randomPrompt();
    expect(randomPrompts).toContain(content);
    expect(await studio.caller(null).credits.estimate({ model_id: 'flux-dev', num_outputs: 3 })).toMatchObject({ credits: 30, estimatedSeconds: expect.any(Number) });
    expect((await studio.caller(null).credits.estimate({ model_id: 'kling-v2.1-pro', duration: 10 })).credits).toBe(300);
    expect((await studio.caller(null).credits.estimate({})).credits).toBe(1);
  });
});
