/** Deterministic colours and numbers from a prompt + seed, so the same input renders the same preview. */
import { createHash } from 'node:crypto';

export function digest(...parts: unknown[]): Buffer {
  return createHash('sha256').update(JSON.stringify(parts)).digest();
}

export function paletteFrom(bytes: Buffer): { from: string; to: string; accent: string; angle: number } {
  const hue = (offset: number) => Math.round(((bytes[offset] ?? 0) / 255) * 360);
  return {
    from: `hsl(${hue(0)}, 70%, 45%)`,
    to: `hsl(${hue(1)}, 75%, 60%)`,
    accent: `hsl(${hue(2)}, 85%, 75%)`,
    angle: Math.round(((bytes[3] ?? 0) / 255) * 360),
  };
}
