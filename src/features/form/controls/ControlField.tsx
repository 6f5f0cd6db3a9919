/** Label, description, required marker and error around a control that is not a single input. */
import { Input, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Control } from '~/catalogue/public';

export function ControlField({ control, error, children, labelRight }: { control: Control; error?: string | null; children: ReactNode; labelRight?: ReactNode }) {
  return (
    <Input.Wrapper
      label={
        labelRight ? (
          <span style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8, width: '100%' }}>
            <span>{control.label}</span>
            {labelRight}
          </span>
        ) : (
          control.label
        )
      }
      labelProps={{ style: labelRight ? { display: 'flex', width: '100%' } : undefined }}
      description={control.description}
      required={control.required}
      error={error || undefined}
      data-control={control.type}
      data-field={control.name}
    >
      <Stack gap={6} mt={control.description ? 6 : 4}>
        {children}
      </Stack>
    </Input.Wrapper>
  );
}

/** Choice values may be strings or numbers; Mantine's pickers speak strings. */
export function choiceKey(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

export function fromChoiceKey<T extends string | number>(key: string | null, choices: readonly T[]): T | undefined {
  return choices.find((c) => String(c) === key);
}
