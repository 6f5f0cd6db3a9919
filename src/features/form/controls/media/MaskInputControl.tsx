/**
 * mask_input: opens the 'Create Mask' dialog over the image of `control.imageField` and stores the
 * uploaded mask's URL in its own field. A new image makes the old mask meaningless: it is cleared.
 */
import { Box, Button, Group, Input, Stack, Text } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { useEffect, useRef, useState } from 'react';
import { MaskEditorDialog, type Stroke } from '~/features/mask-editor';
import { MaskIcon } from '~/features/uploads/icons';
import type { ControlProps } from '../types';
import { asImageUrl } from './ImageInputControl';

export function MaskInputControl({ control, value, onChange, values, error, disabled }: ControlProps<'mask_input'>) {
  const t = useTranslations('mask');
  const imageUrl = asImageUrl(values[control.imageField]);
  const maskUrl = asImageUrl(value);
  const [opened, setOpened] = useState(false);
  const strokes = useRef<Stroke[]>([]);

  const previousImage = useRef(imageUrl);
  useEffect(() => {
    if (previousImage.current === imageUrl) return;
    previousImage.current = imageUrl;
    strokes.current = [];
    if (maskUrl) onChange(undefined);
  }, [imageUrl, maskUrl, onChange]);

  const remove = () => {
    strokes.current = [];
    onChange(undefined);
  };

  return (
    <Input.Wrapper label={control.label} description={control.description} error={error} required={control.required} data-testid={`control-${control.name}`}>
      <Stack gap="xs" mt={6}>
        {maskUrl && imageUrl && (
          <Group gap="sm" wrap="nowrap" align="center">
            <Box
              pos="relative"
              style={{ width: 96, height: 96, flex: '0 0 auto', borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', background: '#000' }}
            >
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img src={imageUrl} alt="" style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain' }} />
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img
                src={maskUrl}
                alt={t('previewAlt')}
                data-testid={`control-${control.name}-preview`}
                style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain', mixBlendMode: 'screen', opacity: 0.65 }}
              />
            </Box>
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('ready')}
              </Text>
              <Group gap="xs">
                <Button size="compact-sm" variant="light" onClick={() => setOpened(true)} disabled={disabled}>
                  {t('edit')}
                </Button>
                <Button size="compact-sm" variant="subtle" color="red" onClick={remove} disabled={disabled}>
                  {t('remove')}
                </Button>
              </Group>
            </Stack>
          </Group>
        )}
        {!maskUrl && (
          <Button
            variant="light"
            leftSection={<MaskIcon size={16} />}
            onClick={() => setOpened(true)}
            disabled={disabled}
            style={{ alignSelf: 'flex-start' }}
            data-testid={`control-${control.name}-open`}
          >
            {t('open')}
          </Button>
        )}
        {!imageUrl && (
          <Text size="xs" c="dimmed">
            {t('needsImage')}
          </Text>
        )}
      </Stack>
      <MaskEditorDialog
        opened={opened}
        onClose={() => setOpened(false)}
        imageUrl={imageUrl}
        brush={control.brush}
        initialStrokes={strokes.current}
        onMaskReady={(url, painted) => {
          strokes.current = painted;
          onChange(url);
        }}
      />
    </Input.Wrapper>
  );
}
