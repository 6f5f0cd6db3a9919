export { BackgroundSelectorControl } from './BackgroundSelectorControl';
export { ImageEffectSelectorControl, type ImageEffectSelectorProps } from './ImageEffectSelectorControl';
export { LoraPickerDialog } from './LoraPickerDialog';
export { LoraSelectorControl } from './LoraSelectorControl';
export { VideoEffectSelectorControl } from './VideoEffectSelectorControl';
export { VideoStyleSelectorControl } from './VideoStyleSelectorControl';
