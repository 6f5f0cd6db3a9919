import { Chip, Group, SegmentedControl, Text } from '@mantine/core';
import type { Choice } from '~/catalogue/public';
import { ControlField, choiceKey } from '../ControlField';
import type { ControlProps } from '../types';

const SEGMENTED_MAX = 4;

/** Choose one of a group: a segmented control for a few choices, chips for more. */
export function ButtonGroupControl({ control, value, onChange, error, disabled }: ControlProps<'button_group_selector'>) {
  const choices: Choice[] = control.choices;
  const selected = choices.find((c) => choiceKey(c.value) === choiceKey(value));
  const pick = (key: string) => {
    const choice = choices.find((c) => choiceKey(c.value) === key);
    if (choice) onChange(choice.value);
  };
  const short = choices.length <= SEGMENTED_MAX && choices.every((c) => c.label.length <= 14);
  return (
    <ControlField control={control} error={error}>
      {short ? (
        <SegmentedControl
          fullWidth
          value={choiceKey(value)}
          onChange={pick}
          disabled={disabled}
          data={choices.map((c) => ({ value: choiceKey(c.value), label: c.label }))}
          aria-label={control.label}
        />
      ) : (
        <Chip.Group multiple={false} value={choiceKey(value)} onChange={(v) => pick(v)}>
          <Group gap={6}>
            {choices.map((c) => (
              <Chip key={choiceKey(c.value)} value={choiceKey(c.value)} disabled={disabled} size="sm" radius="md">
                {c.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
      {selected?.description ? (
        <Text size="xs" c="dimmed" data-testid={`choice-description-${control.name}`}>
          {selected?.description}
        </Text>
      ) : null}
    </ControlField>
  );
}
