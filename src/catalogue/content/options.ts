/** Small option lists of tool-catalogue §9. */
import { parseList } from '../parse';
import { optionSchema, promptAdapterTargetSchema, type CatalogueOption, type PromptAdapterTarget } from './types';

export const headshotBackgrounds: readonly CatalogueOption[] = parseList('headshot background', optionSchema, [
  { value: 'white', label: 'White' },
  { value: 'black', label: 'Black' },
  { value: 'neutral', label: 'Neutral' },
  { value: 'gray', label: 'Gray' },
  { value: 'office', label: 'Office' },
]);

/** Pixverse `style` values; 'None' leaves the style to the prompt. */
export const pixverseStyles: readonly CatalogueOption[] = parseList('Pixverse style', optionSchema, [
  { value: 'None', label: 'None' },
  { value: 'anime', label: 'Anime' },
  { value: '3d_animation', label: '3D Animation' },
  { value: 'clay', label: 'Clay' },
  { value: 'cyberpunk', label: 'Cyberpunk' },
  { value: 'comic', label: 'Comic' },
]);

export const captionModes: readonly CatalogueOption[] = [
  { value: 'brief', label: 'Brief' },
  { value: 'normal', label: 'Normal' },
  { value: 'detailed', label: 'Detailed' },
];

/** Prompt adapter targets: the instruction asks the vision model for a prompt in that tool's idiom. */
export const promptAdapterTargets: readonly PromptAdapterTarget[] = parseList('prompt adapter target', promptAdapterTargetSchema, [
  {
    value: 'flux',
    label: 'Flux',
    instruction:
      'Describe this image as a prompt for the FLUX image model: one or two flowing natural-language sentences covering subject, setting, composition, lighting, color palette and photographic or artistic style. No lists, no weights, no negative prompt.',
  },
  {
    value: 'midjourney',
    label: 'Midjourney',
    instruction:
      'Describe this image as a Midjourney prompt: a concise comma-separated phrase list of subject, style, medium, lighting and mood, ending with a suitable --ar aspect ratio parameter and --v 6. Answer with the prompt only.',
  },
  {
    value: 'stable-diffusion',
    label: 'Stable Diffusion',
    instruction:
      'Describe this image as a Stable Diffusion prompt: comma-separated tags ordered by importance (subject, details, style, lighting, quality tags such as "highly detailed"), then a line starting with "Negative prompt:" listing artifacts to avoid. Answer with the prompt only.',
  },
]);
