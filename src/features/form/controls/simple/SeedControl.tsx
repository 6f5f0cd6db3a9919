import { ActionIcon, TextInput } from '@mantine/core';
import { useRef } from 'react';
import { Hint } from '~/features/shell/Hint';
import { useTranslations } from '~/i18n';
import { SEED_RANDOM_BELOW } from '~/catalogue/public';
import type { ControlProps } from '../types';
import { useTypedBeforeHydration } from './typed-before-hydration';

/** An integer below 1,000,000 (or below the control's own max + 1 when it is smaller). */
export function randomSeed(max: number | undefined, random: () => number = Math.random): number {
  const bound = Math.min(SEED_RANDOM_BELOW, max !== undefined ? max + 1 : SEED_RANDOM_BELOW);
  return Math.floor(random() * bound);
}

/** Digits only: a seed is a whole number from 0; anything else typed is dropped as it is typed. */
export function parseSeed(text: string): number | undefined {
  const digits = text.replace(/\D/g, '');
  return digits === '' ? undefined : Number(digits.slice(0, 16));
}

/**
 * A plain text field with the numeric keyboard (the range is checked with the form's field
 * problems): a number-formatting input would add its library to every generator's first load.
 */
export function SeedControl({ control, value, onChange, error, disabled }: ControlProps<'seed'>) {
  const t = useTranslations('form');
  const text = typeof value === 'number' ? String(value) : '';
  const field = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(field, text, (typed) => onChange(parseSeed(typed)));
  return (
    <TextInput
      ref={field}
      label={control.label}
      description={control.description}
      placeholder={t('seedPlaceholder')}
      value={text}
      onChange={(event) => onChange(parseSeed(event.currentTarget.value))}
      inputMode="numeric"
      autoComplete="off"
      error={error || undefined}
      disabled={disabled}
      data-control="seed"
      name={control.name}
      rightSectionWidth={40}
      rightSection={
        <Hint label={t('randomSeed')}>
          <ActionIcon variant="subtle" aria-label={t('randomSeed')} onClick={() => onChange(randomSeed(control.max))} disabled={disabled} data-testid="random-seed">
            <span aria-hidden="true" style={{ fontSize: 16 }}>
              ⚄
            </span>
          </ActionIcon>
        </Hint>
      }
    />
  );
}
