/**
 * The work one local-engine job can cause is bounded whatever its input: the preview draws a few
 * lines of the prompt however long it is, and an upscale's long side stays within 8,192 pixels
 * whatever the input's shape.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_UPSCALE_SIDE, upscale } from '~/server/providers/local/image-operations';
import { previewSvg } from '~/server/providers/local/render-preview';

const spec = { seed: 7, index: 0, width: 1024, height: 1024, modelName: 'FLUX Schnell' };
const drawnText = (svg: string) => [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);

describe('local engine work bounds', () => {
  it('draws at most four short lines of a prompt, however long (a 900 KB one included)', () => {
    for (const prompt of ['x'.repeat(900_000), 'word '.repeat(180_000), 'a fox '.repeat(400)]) {
      const lines = drawnText(previewSvg({ ...spec, prompt }));
      // Four prompt lines plus the "Local preview" label.
      expect(lines.length).toBeLessThanOrEqual(5);
      for (const line of lines.slice(0, -1)) expect(line.length).toBeLessThanOrEqual(60);
      expect(previewSvg({ ...spec, prompt }).length).toBeLessThan(5000);
    }
    expect(drawnText(previewSvg({ ...spec, prompt: 'a lighthouse at dusk' }))[0]).toBe('a lighthouse at dusk');
  });

  it('keeps an upscale’s long side within 8,192 pixels for a tall input', async () => {
    const tall = await sharp({ create: { width: 20, height: 1500, channels: 3, background: '#808080' } }).png().toBuffer();
    const meta = await sharp(await upscale(tall, 8)).metadata();
    expect([meta.width, meta.height]).toEqual([Math.round(160 * (MAX_UPSCALE_SIDE / 12000)), MAX_UPSCALE_SIDE]);
  });
});
