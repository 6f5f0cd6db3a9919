import { SegmentedControl } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { ControlField, choiceKey, fromChoiceKey } from '../ControlField';
import type { ControlProps } from '../types';

export function DurationSelectorControl({ control, value, onChange, error, disabled }: ControlProps<'duration_selector'>) {
  const t = useTranslations('form');
  return (
    <ControlField control={control} error={error}>
      <SegmentedControl
        fullWidth
        value={choiceKey(value ?? control.default)}
        onChange={(key) => {
          const next = fromChoiceKey(key, control.choices);
          if (next !== undefined) onChange(next);
        }}
        disabled={disabled}
        data={control.choices.map((n) => ({ value: String(n), label: t('seconds', { count: n }) }))}
        aria-label={control.label}
      />
    </ControlField>
  );
}
