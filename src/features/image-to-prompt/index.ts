export { useRandomPrompt } from './useRandomPrompt';
export { ImageToPromptDialog } from './ImageToPromptDialog';
export { PromptAssistHost } from './PromptAssistHost';
export { IMAGE_TO_TEXT_MODELS, useImageToText, type ImageToTextKind } from './useImageToText';
