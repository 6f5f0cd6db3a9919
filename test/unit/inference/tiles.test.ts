/** Tiling: every pixel in exactly one core, cores of near-equal size within the bound, margins clipped to the image. */
import { describe, expect, it } from 'vitest';
import { ESRGAN_SCALES, ESRGAN_TILE_MARGIN, esrganTileCore } from '~/server/inference/protocol';
import { cropPixels, pastePixels, planTiles } from '~/server/inference/tiles';

describe('planTiles', () => {
  it.each([
    [1, 1, 172],
    [200, 200, 172],
    [512, 512, 172],
    [1000, 37, 364],
    [1500, 1000, 76],
  ])('%i×%i with cores of at most %i covers each pixel once', (width, height, maxCore) => {
    const tiles = planTiles(width, height, maxCore, ESRGAN_TILE_MARGIN);
    const covered = new Uint8Array(width * height);
    for (const { core, padded } of tiles) {
      expect(core.width).toBeLessThanOrEqual(maxCore);
      expect(core.height).toBeLessThanOrEqual(maxCore);
      // The margin reaches 10 pixels around the core wherever the image goes on.
      expect(padded.x).toBe(Math.max(0, core.x - ESRGAN_TILE_MARGIN));
      expect(padded.x + padded.width).toBe(Math.min(width, core.x + core.width + ESRGAN_TILE_MARGIN));
      expect(padded.y + padded.height).toBe(Math.min(height, core.y + core.height + ESRGAN_TILE_MARGIN));
      for (let y = core.y; y < core.y + core.height; y += 1) for (let x = core.x; x < core.x + core.width; x += 1) covered[y * width + x]! += 1;
    }
    expect(covered.every((n) => n === 1)).toBe(true);
  });

  it('splits the largest input the model gets (512²) at ×4 into 2×2 tiles', () => {
    expect(planTiles(512, 512, esrganTileCore(4), ESRGAN_TILE_MARGIN).map((t) => [t.core.width, t.core.height])).toEqual([
      [256, 256],
      [256, 256],
      [256, 256],
      [256, 256],
    ]);
  });

  it('splits 520 pixels at ×4 into three near-equal cores, not two full ones and a sliver', () => {
    const columns = planTiles(520, 1, esrganTileCore(4), ESRGAN_TILE_MARGIN).map((t) => t.core.width);
    expect(columns).toEqual([174, 174, 172]);
  });

  it('keeps every scale’s tile output within 1104 pixels a side, ×8 within 512 (the bound on the worker’s memory)', () => {
    for (const scale of ESRGAN_SCALES) expect((esrganTileCore(scale) + 2 * ESRGAN_TILE_MARGIN) * scale).toBeLessThanOrEqual(scale === 8 ? 512 : 1104);
  });

  it('crops and pastes rectangles of interleaved pixels', () => {
    const source = Uint8Array.from({ length: 4 * 3 * 2 }, (_, i) => i);
    const crop = cropPixels(source, 4, 2, { x: 1, y: 1, width: 2, height: 2 });
    expect([...crop]).toEqual([10, 11, 12, 13, 18, 19, 20, 21]);
    const target = new Uint8Array(3 * 3 * 2);
    pastePixels(target, 3, crop, 2, 2, { x: 0, y: 0, width: 2, height: 2 }, 1, 1);
    expect([...target]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 10, 11, 12, 13, 0, 0, 18, 19, 20, 21]);
  });
});
