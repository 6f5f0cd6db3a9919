/**
 * Splitting an image into tiles for a convolutional model. Each tile runs with a margin of the real
 * neighbouring pixels around it and only its core is kept, so no seam shows (the margin covers
 * the model's reach) and the memory a run needs depends on the tile size, never on the image.
 */

export type Rect = { x: number; y: number; width: number; height: number };

/** `core`: the pixels this tile answers for; `padded`: what the model sees (core + margin, clipped to the image). */
export type Tile = { core: Rect; padded: Rect };

/** Cores of near-equal size (no thin last strip), at most `maxCore` on a side, covering the image once. */
function spans(length: number, maxCore: number): { start: number; size: number }[] {
  const count = Math.max(1, Math.ceil(length / maxCore));
  const size = Math.ceil(length / count);
  const out: { start: number; size: number }[] = [];
  for (let start = 0; start < length; start += size) out.push({ start, size: Math.min(size, length - start) });
  return out;
}

export function planTiles(width: number, height: number, maxCore: number, margin: number): Tile[] {
  if (!(width > 0 && height > 0 && maxCore > 0 && margin >= 0)) throw new Error(`Invalid tiling: ${width}×${height}, core ${maxCore}, margin ${margin}`);
  const tiles: Tile[] = [];
  for (const row of spans(height, maxCore)) {
    for (const column of spans(width, maxCore)) {
      const x0 = Math.max(0, column.start - margin);
      const y0 = Math.max(0, row.start - margin);
      const x1 = Math.min(width, column.start + column.size + margin);
      const y1 = Math.min(height, row.start + row.size + margin);
      tiles.push({
        core: { x: column.start, y: row.start, width: column.size, height: row.size },
        padded: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 },
      });
    }
  }
  return tiles;
}

/** Copies a rectangle of an interleaved image (`channels` bytes a pixel) into a new buffer. */
export function cropPixels(source: Uint8Array, sourceWidth: number, channels: number, rect: Rect): Uint8Array {
  const out = new Uint8Array(rect.width * rect.height * channels);
  const rowBytes = rect.width * channels;
  for (let y = 0; y < rect.height; y += 1) {
    const from = ((rect.y + y) * sourceWidth + rect.x) * channels;
    out.set(source.subarray(from, from + rowBytes), y * rowBytes);
  }
  return out;
}

/** Writes `rect` of `source` (an image `sourceWidth` wide) at (`atX`, `atY`) of `target`. */
export function pastePixels(
  target: Uint8Array,
  targetWidth: number,
  source: Uint8Array,
  sourceWidth: number,
  channels: number,
  rect: Rect,
  atX: number,
  atY: number,
): void {
  const rowBytes = rect.width * channels;
  for (let y = 0; y < rect.height; y += 1) {
    const from = ((rect.y + y) * sourceWidth + rect.x) * channels;
    target.set(source.subarray(from, from + rowBytes), ((atY + y) * targetWidth + atX) * channels);
  }
}
