/**
 * Plugs the Image to Prompt dialog and the server's random prompt into the generator's prompt
 * controls (features/form/controls/prompt-assist.tsx); the generator panel mounts it around its form.
 */
import dynamic from 'next/dynamic';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { PromptAssistProvider, type PromptAssist } from '~/features/form/controls/prompt-assist';
import { useRandomPrompt } from './useRandomPrompt';

// The dialog's code loads the first time it opens.
const ImageToPromptDialog = dynamic(() => import('./ImageToPromptDialog').then((m) => m.ImageToPromptDialog), { ssr: false });

export function PromptAssistHost({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  const use = useRef<((prompt: string) => void) | null>(null);
  // Once opened, the dialog stays mounted so it can animate closed.
  const everOpened = useRef(false);
  if (opened) everOpened.current = true;
  const randomPrompt = useRandomPrompt();
  const randomRef = useRef(randomPrompt);
  randomRef.current = randomPrompt;

  const openImageToPrompt = useCallback((fill: (prompt: string) => void) => {
    use.current = fill;
    setOpened(true);
  }, []);
  const value = useMemo<PromptAssist>(() => ({ openImageToPrompt, randomPrompt: () => randomRef.current() }), [openImageToPrompt]);

  return (
    <PromptAssistProvider value={value}>
      {children}
      {opened || everOpened.current ? (
        <ImageToPromptDialog opened={opened} onClose={() => setOpened(false)} onUsePrompt={(prompt) => use.current?.(prompt)} />
      ) : null}
    </PromptAssistProvider>
  );
}
