import { SegmentedControl } from '@mantine/core';
import { ControlField, choiceKey, fromChoiceKey } from '../ControlField';
import type { ControlProps } from '../types';

export function NumberSelectorControl({ control, value, onChange, error, disabled }: ControlProps<'number_selector'>) {
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
        data={control.choices.map((n) => ({ value: String(n), label: String(n) }))}
        aria-label={control.label}
      />
    </ControlField>
  );
}
