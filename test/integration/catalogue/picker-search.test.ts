/**
 * lora.list and the LoRA picker, the effect lists and the effect picker: one search
 * (catalogue/derive/search.ts). The same queries give the same ids in the same order on both sides.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPickerContent, searchEffects, searchLoras } from '~/catalogue/public';
import { startStudio, type Studio } from '@test/helpers/studio';

let studio: Studio;

beforeAll(async () => {
  studio = await startStudio();
});

afterAll(async () => {
  await studio?.stop();
});

describe('one search for the server lists and the pickers', () => {
  it('lora.list answers the ids the picker finds, in its order, for the same search and tag', async () => {
    const { loras } = await loadPickerContent();
    const first = loras[0]!;
    const tag = first.tags[0]!;
    const queries: { search?: string; tag?: string }[] = [
      {},
      { search: first.label.slice(0, 5) },
      { search: `  ${first.label.slice(0, 5).toUpperCase()}  ` },
      { search: first.handle },
      { search: first.type },
      { search: first.triggerWords[0] ?? first.id },
      { tag },
      { tag: tag.toUpperCase() },
      { search: 'a', tag },
      { search: 'zzzz-no-such-lora' },
    ];
    for (const query of queries) {
      const served = await studio.caller(null).lora.list(query);
      const picked = searchLoras(loras, query.search, query.tag);
      expect(served.items.map((l) => l.id), JSON.stringify(query)).toEqual(picked.map((l) => l.id));
    }
    // The handle and the type are searched on both sides (the server's own filter once skipped them).
    expect((await studio.caller(null).lora.list({ search: first.handle })).items.map((l) => l.id)).toContain(first.id);
  });

  it('the effect lists answer what the effect pickers find', async () => {
    const { imageEffects, videoEffects } = await loadPickerContent();
    for (const search of [undefined, '', 'GHIBLI', ' hug ', imageEffects[0]!.id, 'zzzz-none']) {
      const images = await studio.caller(null).effects.imageList({ search });
      expect(images.map((e) => e.id), `image ${search}`).toEqual(searchEffects(imageEffects, search).map((e) => e.id));
      const videos = await studio.caller(null).effects.videoList({ search });
      expect(videos.map((e) => e.id), `video ${search}`).toEqual(searchEffects(videoEffects, search).map((e) => e.id));
    }
  });
});
