/** A recording 2D context and bitmap decoding for jsdom, which has neither. */
import { vi } from 'vitest';

export type Call = { op: string; args: unknown[]; state: { fillStyle: unknown; strokeStyle: unknown; composite: unknown; lineWidth: unknown } };

export function installFakeCanvas(image = { width: 200, height: 100 }) {
  const calls: Call[] = [];
  const makeContext = () => {
    const ctx: Record<string, unknown> = { fillStyle: '#000', strokeStyle: '#000', globalCompositeOperation: 'source-over', lineWidth: 1, lineCap: 'butt', lineJoin: 'miter' };
    for (const op of ['beginPath', 'moveTo', 'lineTo', 'arc', 'fill', 'stroke', 'fillRect', 'clearRect', 'drawImage']) {
      ctx[op] = (...args: unknown[]) =>
        calls.push({ op, args, state: { fillStyle: ctx.fillStyle, strokeStyle: ctx.strokeStyle, composite: ctx.globalCompositeOperation, lineWidth: ctx.lineWidth } });
    }
    return ctx;
  };
  const contexts = new WeakMap<HTMLCanvasElement, unknown>();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    if (!contexts.has(this)) contexts.set(this, makeContext());
    return contexts.get(this) as never;
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (callback: BlobCallback, type?: string) {
    callback(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: type ?? 'image/png' }));
  });
  const close = vi.fn();
  vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width: image.width, height: image.height, close })));
  return { calls, close };
}
