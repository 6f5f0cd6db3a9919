import { Button, Group, Text, Textarea } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { useRef, useState } from 'react';
import { promptMaxLength } from '~/catalogue/public';
import type { ControlProps } from '../types';
import { usePromptAssist } from '../prompt-assist';
import { autoGrowStyle, useAutoGrow } from './auto-grow';
import { useTypedBeforeHydration } from './typed-before-hydration';

/** The prompt shows 3 lines empty and grows to 10 with its text (then scrolls). */
const PROMPT_STYLES = { input: autoGrowStyle(3, 10) };

export function PromptControl({ control, value, onChange, error, disabled }: ControlProps<'prompt'>) {
  const t = useTranslations('form');
  const assist = usePromptAssist();
  const [busy, setBusy] = useState(false);
  const text = typeof value === 'string' ? value : '';
  // The same limit the server enforces (derived input schema).
  const maxLength = promptMaxLength(control);
  const field = useRef<HTMLTextAreaElement>(null);
  useAutoGrow(field, text);
  useTypedBeforeHydration(field, text, onChange);

  async function random() {
    if (!assist.randomPrompt) return;
    setBusy(true);
    try {
      const prompt = await assist.randomPrompt();
      if (prompt) onChange(prompt);
    } catch (failure) {
      // tool-catalogue §8: a random prompt failure is logged only.
      console.error('random prompt failed', failure);
    } finally {
      setBusy(false);
    }
  }

  const showRandom = control.showGenerator && assist.randomPrompt;
  const showImageToPrompt = control.showImageToPrompt && assist.openImageToPrompt;

  return (
    <div data-control="prompt" data-field={control.name}>
      <Textarea
        label={control.label}
        description={control.description}
        placeholder={control.placeholder}
        required={control.required}
        value={text}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error || undefined}
        disabled={disabled}
        ref={field}
        rows={3}
        styles={PROMPT_STYLES}
        maxLength={maxLength}
        name={control.name}
      />
      <Group justify="space-between" mt={6} gap="xs">
        <Group gap={6}>
          {showRandom ? (
            <Button size="compact-xs" variant="light" onClick={() => void random()} loading={busy} disabled={disabled} data-testid="random-prompt">
              {t('randomPrompt')}
            </Button>
          ) : null}
          {showImageToPrompt ? (
            <Button size="compact-xs" variant="light" onClick={() => assist.openImageToPrompt?.((prompt) => onChange(prompt))} disabled={disabled} data-testid="image-to-prompt">
              {t('imageToPrompt')}
            </Button>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed" data-testid="prompt-counter">
          {t('characters', { count: text.length, max: maxLength })}
        </Text>
      </Group>
    </div>
  );
}
