import { Badge, Slider } from '@mantine/core';
import { ControlField } from '../ControlField';
import type { ControlProps } from '../types';

function decimals(step: number): number {
  const text = String(step);
  return text.includes('.') ? (text.split('.')[1]?.length ?? 0) : 0;
}

export function SliderControl({ control, value, onChange, error, disabled }: ControlProps<'slider'>) {
  const current = typeof value === 'number' && Number.isFinite(value) ? value : control.default;
  const digits = decimals(control.step);
  return (
    <ControlField
      control={control}
      error={error}
      labelRight={
        <Badge variant="light" size="sm" data-testid={`slider-value-${control.name}`}>
          {current.toFixed(digits)}
        </Badge>
      }
    >
      <Slider
        min={control.min}
        max={control.max}
        step={control.step}
        value={current}
        onChange={(next) => onChange(Number(next.toFixed(digits)))}
        disabled={disabled}
        label={(v) => v.toFixed(digits)}
        marks={[
          { value: control.min, label: String(control.min) },
          { value: control.max, label: String(control.max) },
        ]}
        mb="md"
        thumbLabel={control.label}
      />
    </ControlField>
  );
}
