export { extremeScenarios } from './extreme-scenarios';
export { hairColors, haircuts } from './hair';
export { getImageEffect, imageEffects } from './image-effects';
export { locations } from './locations';
export { getLora, loras, withTriggerWords } from './loras';
export { captionModes, headshotBackgrounds, pixverseStyles, promptAdapterTargets } from './options';
export { promptTemplates, promptTemplatesFor } from './prompt-templates';
export { randomPrompts } from './random-prompts';
export { renaissanceStyles } from './renaissance-styles';
export { getVideoEffect, videoEffects } from './video-effects';
export type {
  CatalogueOption,
  HairColor,
  Haircut,
  ImageEffect,
  Lora,
  Preset,
  PromptAdapterTarget,
  PromptTemplateEntry,
  VideoEffect,
} from './types';
