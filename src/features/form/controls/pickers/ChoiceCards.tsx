/**
 * A radio group drawn as cards (video effects, video styles, headshot backgrounds): one tab stop,
 * a visible selected state, and a grid that reflows to two columns on a phone.
 */
import { Box, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CheckIcon } from '~/features/uploads/icons';

export type ChoiceCard = {
  value: string;
  label: string;
  description?: string;
  image?: string;
  badges?: ReactNode;
};

type Props = {
  name: string;
  label: string;
  description?: string;
  required?: boolean;
  error?: string | null;
  value: string | null;
  onChange: (value: string) => void;
  choices: readonly ChoiceCard[];
  disabled?: boolean;
  cols?: { base: number; xs?: number; sm?: number; md?: number };
  imageRatio?: string;
  footer?: ReactNode;
};

export function ChoiceCards({ name, label, description, required, error, value, onChange, choices, disabled, cols, imageRatio = '1 / 1', footer }: Props) {
  const withImages = choices.some((c) => c.image);
  return (
    <Radio.Group
      name={name}
      label={label}
      description={description}
      required={required}
      error={error || undefined}
      value={value}
      onChange={onChange}
      disabled={disabled}
      data-testid={`control-${name}`}
    >
      <SimpleGrid cols={cols ?? (withImages ? { base: 2, xs: 3 } : { base: 2, xs: 3, sm: 3 })} spacing="xs" mt={description ? 6 : 4}>
        {choices.map((choice) => {
          const checked = value === choice.value;
          // The label names the card; its description (and badges) are read as its description.
          const detailsId = `choice-${name}-${choice.value}-details`;
          return (
            <Radio.Card
              key={choice.value}
              value={choice.value}
              checked={checked}
              disabled={disabled}
              radius="md"
              aria-label={choice.label}
              aria-describedby={choice.description || (!choice.image && choice.badges) ? detailsId : undefined}
              data-testid={`choice-${name}-${choice.value}`}
              style={{
                overflow: 'hidden',
                borderWidth: checked ? 2 : 1,
                borderColor: checked ? 'var(--mantine-primary-color-filled)' : undefined,
                background: checked ? 'var(--mantine-primary-color-light)' : undefined,
                opacity: disabled ? 0.6 : 1,
              }}
            >
              {choice.image && (
                <Box pos="relative" style={{ aspectRatio: imageRatio, background: 'var(--mantine-color-default-hover)' }}>
                  {/* eslint-disable-next-line @next/next/no-img-element */}
                  <img src={choice.image} alt="" loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
                  {choice.badges && (
                    <Box pos="absolute" top={6} left={6}>
                      {choice.badges}
                    </Box>
                  )}
                </Box>
              )}
              <Group gap={6} p={withImages ? 8 : 10} wrap="nowrap" justify="space-between" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={checked ? 600 : 500} lineClamp={1}>
                    {choice.label}
                  </Text>
                  <Box id={detailsId}>
                    {choice.description && (
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {choice.description}
                      </Text>
                    )}
                    {!choice.image && choice.badges}
                  </Box>
                </Stack>
                {checked && (
                  <Box c="var(--mantine-primary-color-filled)" style={{ flex: '0 0 auto' }}>
                    <CheckIcon size={16} />
                  </Box>
                )}
              </Group>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
      {footer}
    </Radio.Group>
  );
}
