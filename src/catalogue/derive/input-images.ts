import type { GenerationInput } from '../schema';
import { IMAGE_URL_FIELDS } from './field-rules';

/**
 * The input images of a generation input, primary first: every image field of the catalogue
 * (image_url, image_prompt, control_image, start/end frames, effect inputs), then the reference
 * images of multi-image tools. One list, shared by the display and the local engine.
 */
export function inputImagesOf(input: GenerationInput): string[] {
  const images: string[] = [];
  for (const field of IMAGE_URL_FIELDS) {
    const value = input[field];
    if (typeof value === 'string' && value) images.push(value);
  }
  const many = input.input_image_urls;
  if (Array.isArray(many)) for (const url of many) if (typeof url === 'string' && url) images.push(url);
  return images;
}
