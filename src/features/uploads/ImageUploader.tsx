/**
 * One image as a form value (tool-catalogue §4): idle drop area → uploading spinner → preview with
 * a remove button. The value is the uploaded image's public URL.
 */
import { Input, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useTranslations } from '~/i18n';
import type { ReactNode } from 'react';
import { ImageDropzone, UploadedImage } from './ImageDropzone';
import { useImageUpload } from './useImageUpload';

export type ImageUploaderProps = {
  value: string | null | undefined;
  onChange: (url: string | null) => void;
  label?: string;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  accept?: readonly string[];
  /** Preview and drop area height. */
  height?: number;
  /** Base of the data-testid attributes (the field name). */
  testId?: string;
  /** A note under the uploaded image (e.g. the face check's '1 face found'). */
  note?: ReactNode;
};

export function ImageUploader({ value, onChange, label, description, error, required, disabled, accept, height = 220, testId, note }: ImageUploaderProps) {
  const t = useTranslations('uploads');
  const { upload, uploading, error: uploadError, ensureSignedIn } = useImageUpload();
  const id = useId();
  const hintId = `${id}-hint`;

  const onFiles = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    const url = await upload(file);
    if (url) onChange(url);
  };

  return (
    <Input.Wrapper label={label} description={description} error={error} required={required} id={id} data-testid={testId}>
      <div style={{ marginTop: label || description ? 6 : 0 }}>
        {value ? (
          <UploadedImage
            src={value}
            alt={label ? t('previewAltNamed', { label }) : t('previewAlt')}
            removeLabel={t('remove')}
            onRemove={() => onChange(null)}
            disabled={disabled}
            height={height}
            testId={testId ? `${testId}-preview` : undefined}
          />
        ) : (
          <ImageDropzone
            onFiles={(files) => void onFiles(files)}
            ensureSignedIn={ensureSignedIn}
            uploading={uploading}
            disabled={disabled}
            accept={accept}
            label={label ? t('dropLabelNamed', { label }) : t('dropTitle')}
            minHeight={Math.min(height, 180)}
            testId={testId ? `${testId}-dropzone` : undefined}
            describedBy={uploadError ? hintId : undefined}
          />
        )}
        {note && value && !error ? (
          <Text size="xs" c="dimmed" mt={4} data-testid={testId ? `${testId}-note` : undefined}>
            {note}
          </Text>
        ) : null}
        {uploadError && !value && (
          <Text size="xs" c="red" mt={4} role="alert" id={hintId}>
            {uploadError}
          </Text>
        )}
      </div>
    </Input.Wrapper>
  );
}
