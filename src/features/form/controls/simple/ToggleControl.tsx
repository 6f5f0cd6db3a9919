import { Switch } from '@mantine/core';
import type { ControlProps } from '../types';

export function ToggleControl({ control, value, onChange, error, disabled }: ControlProps<'toggle'>) {
  return (
    <Switch
      label={control.label}
      description={control.description}
      checked={typeof value === 'boolean' ? value : control.default}
      onChange={(event) => onChange(event.currentTarget.checked)}
      error={error || undefined}
      disabled={disabled}
      data-control="toggle"
      name={control.name}
    />
  );
}
