/**
 * The content the pickers browse (LoRAs, image and video effects), as one chunk the browser loads
 * when a picker first needs it (catalogue/public.ts `loadPickerContent`), never on first load.
 */
export { getLora, loras } from './loras';
export { getImageEffect, imageEffects } from './image-effects';
export { getVideoEffect, videoEffects } from './video-effects';
