/**
 * Small buttons for a prompt field: 'Image to Prompt' (opens the dialog, showImageToPrompt) and a
 * random prompt (showGenerator). A random prompt failure is only logged (tool-catalogue §8).
 */
import { Button } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { useState } from 'react';
import { DiceIcon, SparklesIcon } from '~/features/uploads/icons';
import { useRandomPrompt } from './useRandomPrompt';

export { useRandomPrompt };
import { ImageToPromptDialog } from './ImageToPromptDialog';

export function ImageToPromptButton({ onUsePrompt, disabled }: { onUsePrompt: (prompt: string) => void; disabled?: boolean }) {
  const t = useTranslations('imageToPrompt');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="compact-xs" variant="light" leftSection={<SparklesIcon size={14} />} onClick={() => setOpened(true)} disabled={disabled}>
        {t('open')}
      </Button>
      <ImageToPromptDialog opened={opened} onClose={() => setOpened(false)} onUsePrompt={onUsePrompt} />
    </>
  );
}


export function RandomPromptButton({ onPrompt, disabled }: { onPrompt: (prompt: string) => void; disabled?: boolean }) {
  const t = useTranslations('imageToPrompt');
  const randomPrompt = useRandomPrompt();
  const [busy, setBusy] = useState(false);
  const click = async () => {
    setBusy(true);
    try {
      const prompt = await randomPrompt();
      if (prompt) onPrompt(prompt);
    } catch (failure) {
      console.error('Random prompt failed', failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="compact-xs" variant="light" leftSection={<DiceIcon size={14} />} onClick={() => void click()} loading={busy} disabled={disabled} aria-label={t('randomLabel')}>
      {t('random')}
    </Button>
  );
}
