/**
 * The prompt control's optional helpers (tool-catalogue §3: `showGenerator`, `showImageToPrompt`).
 * The random prompt works out of the box from the catalogue's prompt list; the Image to Prompt
 * dialog belongs to the image-to-prompt feature, whose PromptAssistHost renders a
 * <PromptAssistProvider value={{ openImageToPrompt }}> (plus its dialog) around the generator's
 * form. Without `openImageToPrompt` the Image to Prompt button is not shown.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { loadRandomPrompts } from '~/catalogue/public';

export type PromptAssist = {
  /** Resolves a random prompt; null or a throw leaves the prompt unchanged (failures are logged only). */
  randomPrompt?: () => Promise<string | null>;
  /** Opens the Image to Prompt dialog; `use` fills the prompt and the dialog closes. */
  openImageToPrompt?: (use: (prompt: string) => void) => void;
};

/** The curated prompt list loads on the first click (it is not part of the page's first load). */
export async function catalogueRandomPrompt(random: () => number = Math.random): Promise<string | null> {
  const randomPrompts = await loadRandomPrompts();
  if (randomPrompts.length === 0) return null;
  return randomPrompts[Math.floor(random() * randomPrompts.length)] ?? null;
}

const PromptAssistContext = createContext<PromptAssist>({ randomPrompt: () => catalogueRandomPrompt() });

export function PromptAssistProvider({ value, children }: { value: PromptAssist; children: ReactNode }) {
  return <PromptAssistContext.Provider value={{ randomPrompt: () => catalogueRandomPrompt(), ...value }}>{children}</PromptAssistContext.Provider>;
}

export function usePromptAssist(): PromptAssist {
  return useContext(PromptAssistContext);
}
