/**
 * lora_selector: the chosen LoRA as a card (picture, tags, licence notice) that opens the picker.
 * Choosing one also applies its recommended weight and default prompt (the catalogue's loraSelectionValues).
 */
import { Anchor, Box, Button, Group, Input, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslations } from '~/i18n';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useState } from 'react';
import { loraSelectionValues, type Lora } from '~/catalogue/public';
import type { ControlProps } from '../types';
import { HotNewBadges, NonCommercialBadge } from './badges';
import { usePickerContent } from './usePickerContent';

// The dialog's code loads when it is first opened.
const LoraPickerDialog = dynamic(() => import('./LoraPickerDialog').then((m) => m.LoraPickerDialog), { ssr: false });

export function LoraSelectorControl({ control, model, value, onChange, setValue, values, error, disabled }: ControlProps<'lora_selector'>) {
  const t = useTranslations('pickers');
  const [opened, setOpened] = useState(false);
  const content = usePickerContent();
  const getLora = (id: string) => content?.getLora(id);
  const selected = getLora(typeof value === 'string' ? value : '') ?? (value === undefined && control.default ? getLora(control.default) : undefined);

  const select = (lora: Lora) => {
    setOpened(false);
    for (const [field, next] of Object.entries(loraSelectionValues(model.ui.controls, lora, values))) {
      if (field === control.name) onChange(next);
      else setValue(field, next);
    }
  };

  return (
    <Input.Wrapper label={control.label} description={control.description} error={error || undefined} required={control.required} data-testid={`control-${control.name}`}>
      <Paper withBorder radius="md" p="xs" mt={control.description ? 6 : 4}>
        <Group gap="sm" wrap="nowrap" align="center">
          <Box
            component="button"
            type="button"
            onClick={() => setOpened(true)}
            disabled={disabled}
            // The "Change style" button is the accessible way in; the picture is a mouse shortcut.
            tabIndex={-1}
            aria-hidden="true"
            style={{
              width: 64,
              height: 64,
              flex: '0 0 auto',
              padding: 0,
              border: 0,
              borderRadius: 'var(--mantine-radius-sm)',
              overflow: 'hidden',
              cursor: disabled ? 'default' : 'pointer',
              background: 'var(--mantine-color-default-hover)',
            }}
          >
            {selected && (
              // eslint-disable-next-line @next/next/no-img-element
              <img src={selected.image} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
            )}
          </Box>
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            {selected ? (
              <>
                <Group gap={6} wrap="nowrap">
                  <Text fw={600} size="sm" truncate data-testid={`control-${control.name}-selected`}>
                    {selected.label}
                  </Text>
                  <HotNewBadges isNew={selected.isNew} />
                </Group>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {selected.tags.join(' · ')}
                </Text>
                <Group gap={6}>
                  {selected.commercialInfo.notice && <NonCommercialBadge />}
                  <Anchor component={Link} href={selected.detailsLink} size="xs">
                    {t('loraDetails')}
                  </Anchor>
                </Group>
              </>
            ) : !content ? (
              <Skeleton h={36} radius="sm" data-testid={`control-${control.name}-loading`} />
            ) : (
              <Text size="sm" c="dimmed">
                {t('loraNone')}
              </Text>
            )}
          </Stack>
          <Button variant="light" size="compact-sm" onClick={() => setOpened(true)} disabled={disabled} data-testid={`control-${control.name}-open`}>
            {selected ? t('loraChange') : t('loraChoose')}
          </Button>
        </Group>
      </Paper>
      {opened && content ? (
        <LoraPickerDialog opened={opened} onClose={() => setOpened(false)} loras={content.loras} selectedId={selected?.id ?? null} onSelect={select} />
      ) : null}
    </Input.Wrapper>
  );
}
