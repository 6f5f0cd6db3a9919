/**
 * The mask editor reads the image through the image proxy (tool-catalogue §7) so the canvas is
 * same-origin and stays exportable, whatever storage the image lives on.
 */
export function imageProxyUrl(imageUrl: string): string {
  const absolute = typeof window === 'undefined' ? imageUrl : new URL(imageUrl, window.location.href).toString();
  return `/api/image-proxy?imageUrl=${encodeURIComponent(absolute)}`;
}

export type LoadedImage = { source: CanvasImageSource; width: number; height: number; release: () => void };

export async function loadImageForMasking(imageUrl: string, signal?: AbortSignal): Promise<LoadedImage> {
  const response = await fetch(imageProxyUrl(imageUrl), { signal, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`The image proxy answered ${response.status}.`);
  const blob = await response.blob();
  if (typeof createImageBitmap !== 'function') throw new Error('This browser cannot decode images for a canvas.');
  const bitmap = await createImageBitmap(blob);
  if (bitmap.width === 0 || bitmap.height === 0) throw new Error('The image has no pixels.');
  return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
}
