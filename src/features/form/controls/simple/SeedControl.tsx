import { ActionIcon, NumberInput, Tooltip } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { SEED_MAX } from '~/catalogue';
import type { ControlProps } from '../types';

/** An integer below 1,000,000 (or below the control's own max + 1 when it is smaller). */
export function randomSeed(max: number | undefined, random: () => number = Math.random): number {
  const bound = Math.min(SEED_MAX, max !== undefined ? max + 1 : SEED_MAX);
  return Math.floor(random() * bound);
}

export function SeedControl({ control, value, onChange, error, disabled }: ControlProps<'seed'>) {
  const t = useTranslations('form');
  return (
    <NumberInput
      label={control.label}
      description={control.description}
      placeholder={t('seedPlaceholder')}
      value={typeof value === 'number' ? value : ''}
      onChange={(next) => onChange(typeof next === 'number' && Number.isFinite(next) ? next : undefined)}
      allowDecimal={false}
      allowNegative={false}
      min={0}
      max={control.max}
      error={error || undefined}
      disabled={disabled}
      data-control="seed"
      name={control.name}
      rightSectionWidth={40}
      rightSection={
        <Tooltip label={t('randomSeed')} withArrow>
          <ActionIcon variant="subtle" aria-label={t('randomSeed')} onClick={() => onChange(randomSeed(control.max))} disabled={disabled} data-testid="random-seed">
            <span aria-hidden="true" style={{ fontSize: 16 }}>
              ⚄
            </span>
          </ActionIcon>
        </Tooltip>
      }
    />
  );
}
