/**
 * start_end_image_input: the start image, and with 'Add end frame' on a second uploader for the
 * last frame. Turning the toggle off clears the end image (tool-catalogue §4). Field names come
 * from the control (name = start, endName = end).
 */
import { SimpleGrid, Stack, Switch } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { useEffect, useState } from 'react';
import { ImageUploader } from '~/features/uploads';
import type { ControlProps } from '../types';
import { asImageUrl } from './ImageInputControl';

export function StartEndImageInputControl({ control, value, onChange, setValue, values, error, disabled }: ControlProps<'start_end_image_input'>) {
  const t = useTranslations('controls');
  const endImage = asImageUrl(values[control.endName]);
  const [withEnd, setWithEnd] = useState(endImage !== null);

  // A refilled form (recent creations) may bring an end image: show it.
  useEffect(() => {
    if (endImage) setWithEnd(true);
  }, [endImage]);

  const toggle = (on: boolean) => {
    setWithEnd(on);
    if (!on) setValue(control.endName, undefined);
  };

  return (
    <Stack gap="xs" data-testid={`control-${control.name}-start-end`}>
      <SimpleGrid cols={withEnd ? { base: 1, xs: 2 } : 1} spacing="sm">
        <ImageUploader
          value={asImageUrl(value)}
          onChange={(url) => onChange(url ?? undefined)}
          label={control.label}
          description={control.description}
          error={error}
          required={control.required}
          disabled={disabled}
          height={withEnd ? 180 : 220}
          testId={`control-${control.name}`}
        />
        {withEnd && (
          <ImageUploader
            value={endImage}
            onChange={(url) => setValue(control.endName, url ?? undefined)}
            label={control.endLabel}
            disabled={disabled}
            height={180}
            testId={`control-${control.endName}`}
          />
        )}
      </SimpleGrid>
      <Switch
        checked={withEnd}
        onChange={(event) => toggle(event.currentTarget.checked)}
        label={t('addEndFrame')}
        description={t('addEndFrameHint')}
        disabled={disabled}
        data-testid={`control-${control.name}-end-toggle`}
      />
    </Stack>
  );
}
