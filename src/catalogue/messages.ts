/** The exact per-model input messages of both specs (core-flow §5, tool-catalogue §5). */
export const MESSAGES = {
  promptRequired: 'Prompt is required.',
  aPromptRequired: 'A prompt is required.',
  inputImageRequired: 'Input image is required.',
  anInputImageRequired: 'An input image is required.',
  inputImageRequiredForModel: 'An input image is required for this model.',
  inputImageRequiredLiteStandard: 'An input image is required for Lite and Standard modes.',
  effectStyleRequired: 'An effect style must be selected.',
  textToRemoveRequired: 'Please describe what text to remove.',
  loraRequired: 'A Lora model must be selected.',
  startImageRequired: 'A start image is required.',
  targetModelRequired: 'A target model must be selected.',
  controlImageRequired: 'An control image is required.',
  scaleOutOfRange: 'Scale factor must be between 1 and 8.',
  atLeastOneImage: 'At least one input image is required.',
  maxFourImages: 'Maximum 4 input images allowed.',
  // core-flow §8: prompt / caption call failures.
  promptFailed: 'Failed to generate prompt.',
  captionFailed: 'Failed to generate caption.',
  // Not worded by the specs: needed where a tool takes a second image or a mask.
  secondImageRequired: 'A second input image is required for this effect.',
  maskRequired: 'Please paint a mask over the area to fill.',
  fillPromptRequired: 'Please describe what should appear in the painted area.',
  seedOutOfRange: 'Seed must be a whole number from 0 to 2,147,483,647.',
} as const;
export type CatalogueMessage = (typeof MESSAGES)[keyof typeof MESSAGES];
