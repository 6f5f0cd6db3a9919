import { Select } from '@mantine/core';
import { ControlField, choiceKey } from '../ControlField';
import type { ControlProps } from '../types';

const SEARCH_ABOVE = 10;

export function SelectControl({ control, value, onChange, error, disabled }: ControlProps<'select'>) {
  const searchable = control.searchable ?? control.choices.length > SEARCH_ABOVE;
  return (
    <ControlField control={control} error={error}>
      <Select
        aria-label={control.label}
        data={control.choices.map((c) => ({ value: choiceKey(c.value), label: c.label }))}
        value={value === undefined || value === null || value === '' ? null : choiceKey(value)}
        onChange={(key) => {
          const choice = control.choices.find((c) => choiceKey(c.value) === key);
          onChange(choice ? choice.value : '');
        }}
        searchable={searchable}
        allowDeselect={false}
        disabled={disabled}
        maxDropdownHeight={320}
        comboboxProps={{ withinPortal: true }}
        name={control.name}
      />
    </ControlField>
  );
}
