/**
 * The one way the local engine opens an image: the work a single job can cause is bounded. Inputs
 * are at most 5 MB, but a flat 16k×16k PNG fits in that and decodes to a gigabyte, so images above
 * 40 megapixels are refused; and any one image operation that runs past its time is stopped.
 */
import sharpLibrary, { type Sharp, type SharpOptions } from 'sharp';

export const MAX_INPUT_PIXELS = 40_000_000;

/** Seconds one image operation may take before libvips stops it. */
export const IMAGE_OPERATION_TIMEOUT_SECONDS = 30;

export function boundedSharp(input?: Buffer, options: SharpOptions = {}): Sharp {
  return sharpLibrary(input, { limitInputPixels: MAX_INPUT_PIXELS, ...options }).timeout({ seconds: IMAGE_OPERATION_TIMEOUT_SECONDS });
}
