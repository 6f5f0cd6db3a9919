/**
 * Plug points for features built beside the generator (the editing-tools UI): set a component
 * here and the generator panel mounts it around its form.
 * - PromptAssistHost: renders <PromptAssistProvider value={{ openImageToPrompt }}> around its
 *   children plus the Image to Prompt dialog (prompt controls with `showImageToPrompt`).
 */
import type { ComponentType, ReactNode } from 'react';

export type GeneratorExtensions = {
  PromptAssistHost?: ComponentType<{ children: ReactNode }>;
};

export const generatorExtensions: GeneratorExtensions = {};
