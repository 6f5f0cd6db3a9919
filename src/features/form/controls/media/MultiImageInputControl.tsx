/**
 * multi_image_input: 1 to maxImages reference images (Kling multi-reference). Extra files are
 * refused with 'Maximum 4 input images allowed.'; removing the last one says
 * 'At least one input image is required.' (tool-catalogue §5).
 */
import { Group, Input, SimpleGrid, Text } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { useEffect, useRef, useState } from 'react';
import { ImageDropzone, UploadedImage, useImageUpload } from '~/features/uploads';
import type { ControlProps } from '../types';

function asUrlList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : [];
}

const TILE_HEIGHT = 120;

export function MultiImageInputControl({ control, value, onChange, error, disabled }: ControlProps<'multi_image_input'>) {
  const t = useTranslations('controls');
  const tu = useTranslations('uploads');
  const { upload, uploading, error: uploadError, ensureSignedIn } = useImageUpload();
  const images = asUrlList(value);
  const [message, setMessage] = useState<string | null>(null);
  // Uploads finish one after another: each appends to the latest list, not the one it started with.
  const latest = useRef(images);
  useEffect(() => {
    latest.current = images;
  });

  const maxMessage = t('maxImages', { max: control.maxImages });
  const minMessage = t('minImages', { min: control.minImages });

  const onFiles = async (files: File[]) => {
    const room = control.maxImages - latest.current.length;
    setMessage(files.length > room ? maxMessage : null);
    for (const file of files.slice(0, Math.max(0, room))) {
      const url = await upload(file);
      if (!url) continue;
      if (latest.current.length >= control.maxImages) {
        setMessage(maxMessage);
        break;
      }
      const next = [...latest.current, url];
      latest.current = next;
      onChange(next);
    }
  };

  const remove = (index: number) => {
    const next = images.filter((_, i) => i !== index);
    latest.current = next;
    onChange(next.length > 0 ? next : undefined);
    setMessage(next.length < control.minImages ? minMessage : null);
  };

  const shown = message ?? uploadError;
  const full = images.length >= control.maxImages;

  return (
    <Input.Wrapper
      label={control.label}
      description={control.description}
      required={control.required}
      error={error && error !== shown ? error : undefined}
      data-testid={`control-${control.name}`}
    >
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" mt={6}>
        {images.map((url, index) => (
          <UploadedImage
            key={`${url}-${index}`}
            src={url}
            alt={t('referenceAlt', { index: index + 1 })}
            removeLabel={t('removeReference', { index: index + 1 })}
            onRemove={() => remove(index)}
            disabled={disabled || uploading}
            height={TILE_HEIGHT}
            testId={`control-${control.name}-preview-${index}`}
          />
        ))}
        {!full && (
          <ImageDropzone
            onFiles={(files) => void onFiles(files)}
            ensureSignedIn={ensureSignedIn}
            uploading={uploading}
            disabled={disabled}
            multiple
            label={tu('dropLabelNamed', { label: control.label })}
            minHeight={TILE_HEIGHT}
            compact
            testId={`control-${control.name}-dropzone`}
          />
        )}
      </SimpleGrid>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs" mt={6}>
        <Text size="xs" c="red" role="alert" data-testid={`control-${control.name}-message`}>
          {shown}
        </Text>
        <Text size="xs" c="dimmed" aria-live="polite" style={{ whiteSpace: 'nowrap' }} data-testid={`control-${control.name}-count`}>
          {t('imagesCount', { count: images.length, max: control.maxImages })}
        </Text>
      </Group>
    </Input.Wrapper>
  );
}
