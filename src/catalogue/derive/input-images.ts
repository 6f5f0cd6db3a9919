import type { Control, GenerationInput } from '../schema';
import { IMAGE_URL_FIELDS } from '../constants';

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

/**
 * Every image a generation input names, the mask included (drawn in the editor it is a data URI,
 * uploaded it is a URL): what the server vets before it admits a request.
 */
export function imageReferencesOf(input: GenerationInput): string[] {
  const images = inputImagesOf(input);
  if (typeof input.mask_image === 'string' && input.mask_image) images.push(input.mask_image);
  return images;
}

/** Where an image goes in a model's form: one of IMAGE_URL_FIELDS, or a list of reference images. */
export type ImageInputField = { field: string; many: boolean };

const IMAGE_FIELDS: ReadonlySet<string> = new Set(IMAGE_URL_FIELDS);

/**
 * The field an image handed to a model fills: its first always-shown control that takes an image
 * (an image input or start frame writing one of IMAGE_URL_FIELDS, or the reference images), or
 * null for models that take no image. Works on full and public definitions alike.
 */
export function imageInputOf(model: { ui: { controls: readonly Control[] } }): ImageInputField | null {
  for (const control of model.ui.controls) {
    // A control shown only once another field is set (a second effect image, a mask) is never first.
    if (control.dependsOn) continue;
    if ((control.type === 'image_input' || control.type === 'start_end_image_input') && IMAGE_FIELDS.has(control.name)) {
      return { field: control.name, many: false };
    }
    if (control.type === 'multi_image_input') return { field: control.name, many: true };
  }
  return null;
}
