/**
 * Pixel size for an aspect ratio like '16:9': the long side fixed, the short side rounded to a
 * multiple of 16 (what the FLUX endpoints take). The one rule for every model payload and for the
 * local engine's previews. An unreadable ratio gives a square.
 */
export function sizeForAspectRatio(ratio: string | undefined, longSide = 1024): { width: number; height: number } {
  const match = /^(\d+):(\d+)$/.exec(ratio ?? '');
  const w = match ? Number(match[1]) : 0;
  const h = match ? Number(match[2]) : 0;
  if (!w || !h) return { width: longSide, height: longSide };
  const round16 = (n: number) => Math.max(16, Math.round(n / 16) * 16);
  return w >= h ? { width: longSide, height: round16((longSide * h) / w) } : { width: round16((longSide * w) / h), height: longSide };
}
