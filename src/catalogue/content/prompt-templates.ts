/** Prompt templates offered by the prompt_template control (the first 3 show, the rest expand). */
import { parseList } from '../parse';
import { promptTemplateEntrySchema, type PromptTemplateEntry } from './types';

export const promptTemplates: readonly PromptTemplateEntry[] = parseList('prompt template', promptTemplateEntrySchema, [
  // Kontext edits
  { id: 'change-background', label: 'Change background', prompt: 'Replace the background with a sunlit beach at golden hour, keep the person exactly as they are.', modelIds: ['flux-kontext'] },
  { id: 'change-outfit', label: 'Change outfit', prompt: 'Change the outfit to a tailored navy suit with a white shirt, keep the face, pose and background unchanged.', modelIds: ['flux-kontext'] },
  { id: 'make-it-night', label: 'Make it night', prompt: 'Turn the scene into a clear night with moonlight and warm window lights, keep every object in place.', modelIds: ['flux-kontext'] },
  { id: 'add-snow', label: 'Add snow', prompt: 'Add falling snow and a layer of fresh snow on every surface, keep the composition identical.', modelIds: ['flux-kontext'] },
  { id: 'restore-photo', label: 'Restore old photo', prompt: 'Restore this old photo: remove scratches and dust, fix fading and gently colorize it with natural tones.', modelIds: ['flux-kontext'] },
  { id: 'change-expression', label: 'Change expression', prompt: 'Make the person smile naturally with their eyes, keep everything else unchanged.', modelIds: ['flux-kontext'] },
  { id: 'product-studio', label: 'Studio product shot', prompt: 'Place the product on a seamless light grey studio background with soft shadows and a subtle reflection.', modelIds: ['flux-kontext'] },
  { id: 'sketch-to-photo', label: 'Sketch to photo', prompt: 'Turn this sketch into a realistic photograph with natural materials and lighting, keep the layout.', modelIds: ['flux-kontext'] },
  // Text remover
  { id: 'remove-all-text', label: 'Remove all text', prompt: 'Remove all text from the image and fill the areas with the surrounding background.', modelIds: ['kontext-text-remover'] },
  { id: 'remove-watermark', label: 'Remove watermark', prompt: 'Remove the watermark and logo overlays, restoring the image underneath.', modelIds: ['kontext-text-remover'] },
  { id: 'remove-captions', label: 'Remove captions', prompt: 'Remove the subtitles and captions at the bottom of the image.', modelIds: ['kontext-text-remover'] },
  { id: 'remove-signs', label: 'Remove sign text', prompt: 'Erase the lettering on the signs and storefronts, keep the signs themselves blank.', modelIds: ['kontext-text-remover'] },
  { id: 'remove-date-stamp', label: 'Remove date stamp', prompt: 'Remove the orange date stamp in the corner of the photo.', modelIds: ['kontext-text-remover'] },
]);

export function promptTemplatesFor(modelId: string): { id: string; label: string; prompt: string }[] {
  return promptTemplates.filter((t) => t.modelIds.includes(modelId)).map(({ id, label, prompt }) => ({ id, label, prompt }));
}
