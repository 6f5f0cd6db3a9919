export { BackgroundSelectorControl } from './BackgroundSelectorControl';
export { filterEffects, ImageEffectSelectorControl, type ImageEffectSelectorProps } from './ImageEffectSelectorControl';
export { filterLoras, LoraPickerDialog, loraTags } from './LoraPickerDialog';
export { LoraSelectorControl } from './LoraSelectorControl';
export { VideoEffectSelectorControl } from './VideoEffectSelectorControl';
export { VideoStyleSelectorControl } from './VideoStyleSelectorControl';
