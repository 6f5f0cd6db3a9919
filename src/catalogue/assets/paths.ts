/** Every local asset the catalogue references (served from public/, so pages render offline). */
import { imageEffects } from '../content/image-effects';
import { loras } from '../content/loras';
import { videoEffects } from '../content/video-effects';
import { models } from '../models';

export const ASSET_PREFIX = '/catalogue/';

export function catalogueAssetPaths(): string[] {
  const paths = new Set<string>();
  const add = (p: string | undefined) => {
    if (p?.startsWith(ASSET_PREFIX)) paths.add(p);
  };
  for (const m of models) {
    add(m.ui.defaultOutput);
    add(m.ui.sampleInputImage);
    for (const e of m.ui.examples) {
      add(e.input);
      add(e.output);
    }
    for (const c of m.ui.controls) {
      if ('choices' in c) for (const ch of c.choices) if (typeof ch === 'object') add(ch.image);
    }
  }
  for (const l of loras) add(l.image);
  for (const e of imageEffects) {
    add(e.sampleImageUrl);
    add(e.previewImage);
    for (const x of e.examples) {
      add(x.input);
      add(x.output);
    }
  }
  for (const e of videoEffects) {
    add(e.sampleImageUrl);
    add(e.previewImage);
    add(e.previewVideo);
    for (const x of e.examples) {
      x.inputImages.forEach(add);
      add(x.outputVideo);
      add(x.outputPreview);
    }
  }
  return [...paths].sort();
}
