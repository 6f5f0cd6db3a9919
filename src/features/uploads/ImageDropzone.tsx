/**
 * The drop area of every image control: drag-and-drop or click/Enter/Space to pick, a spinner
 * while uploading. Picking is intercepted for anonymous visitors, who get the sign-in dialog.
 */
import { ActionIcon, Box, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useTranslations } from '~/i18n';
import { useRef, type KeyboardEvent } from 'react';
import { showToast } from '~/features/toast/toast';
import { CloseIcon, UploadIcon } from './icons';
import { UPLOAD_LIMIT_MB } from './upload-messages';

export type ImageDropzoneProps = {
  onFiles: (files: File[]) => void;
  ensureSignedIn: () => boolean;
  uploading: boolean;
  disabled?: boolean;
  multiple?: boolean;
  accept?: readonly string[];
  /** Accessible name of the drop area, e.g. the control's label. */
  label: string;
  minHeight?: number;
  compact?: boolean;
  testId?: string;
  describedBy?: string;
};

const ANY_IMAGE = ['image/*'];

export function ImageDropzone({
  onFiles,
  ensureSignedIn,
  uploading,
  disabled = false,
  multiple = false,
  accept,
  label,
  minHeight = 160,
  compact = false,
  testId,
  describedBy,
}: ImageDropzoneProps) {
  const t = useTranslations('uploads');
  const openRef = useRef<() => void>(null);
  const inactive = disabled || uploading;

  const pick = () => {
    if (inactive) return;
    if (ensureSignedIn()) openRef.current?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pick();
    }
  };

  const onDrop = (files: File[]) => {
    if (files.length === 0) return;
    if (!ensureSignedIn()) return;
    onFiles(files);
  };

  const onReject = (rejections: FileRejection[]) => {
    if (!ensureSignedIn()) return;
    if (rejections.length > 0) showToast({ title: t('unsupportedTitle'), description: t('unsupportedBody'), variant: 'destructive' });
  };

  return (
    <Dropzone
      onDrop={onDrop}
      onReject={onReject}
      openRef={openRef}
      multiple={multiple}
      accept={[...(accept ?? ANY_IMAGE)]}
      disabled={inactive}
      // Clicks and keys are handled below so anonymous visitors get the sign-in dialog instead.
      onClick={pick}
      onKeyDown={onKeyDown}
      role="button"
      tabIndex={inactive ? -1 : 0}
      aria-label={label}
      aria-describedby={describedBy}
      aria-disabled={inactive || undefined}
      aria-busy={uploading || undefined}
      data-testid={testId}
      inputProps={{ 'aria-label': label, ...(testId ? { 'data-testid': `${testId}-file` } : {}) } as never}
      radius="md"
      styles={{
        root: {
          minHeight,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          border: '1px dashed var(--mantine-color-default-border)',
          background: 'var(--mantine-color-default)',
          cursor: inactive ? 'default' : 'pointer',
          padding: compact ? 'var(--mantine-spacing-xs)' : 'var(--mantine-spacing-md)',
          transition: 'border-color 120ms ease, background-color 120ms ease',
        },
        inner: { pointerEvents: 'none', width: '100%' },
      }}
    >
      {uploading ? (
        <Stack align="center" gap={6} role="status" aria-live="polite">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {t('uploading')}
          </Text>
        </Stack>
      ) : (
        <Stack align="center" gap={compact ? 4 : 6} ta="center">
          <Dropzone.Reject>
            <Text size="sm" c="red">
              {t('dropReject')}
            </Text>
          </Dropzone.Reject>
          <Dropzone.Idle>
            <ThemeIcon variant="light" radius="xl" size={compact ? 'md' : 'lg'}>
              <UploadIcon size={compact ? 16 : 20} />
            </ThemeIcon>
          </Dropzone.Idle>
          <Dropzone.Accept>
            <ThemeIcon radius="xl" size={compact ? 'md' : 'lg'}>
              <UploadIcon size={compact ? 16 : 20} />
            </ThemeIcon>
          </Dropzone.Accept>
          <Text size={compact ? 'xs' : 'sm'} fw={500}>
            {compact ? t('addImage') : t('dropTitle')}
          </Text>
          {!compact && (
            <Text size="xs" c="dimmed">
              {t('dropHint', { limit: UPLOAD_LIMIT_MB })}
            </Text>
          )}
        </Stack>
      )}
    </Dropzone>
  );
}

/** A square-ish preview of an uploaded image with its remove button. */
export function UploadedImage({
  src,
  alt,
  removeLabel,
  onRemove,
  disabled,
  height = 220,
  testId,
}: {
  src: string;
  alt: string;
  removeLabel: string;
  onRemove: () => void;
  disabled?: boolean;
  height?: number;
  testId?: string;
}) {
  return (
    <Box
      pos="relative"
      data-testid={testId}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        overflow: 'hidden',
        border: '1px solid var(--mantine-color-default-border)',
        background: 'var(--mantine-color-default-hover)',
      }}
    >
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={src} alt={alt} style={{ display: 'block', width: '100%', height, objectFit: 'contain' }} />
      <RemoveButton label={removeLabel} onClick={onRemove} disabled={disabled} />
    </Box>
  );
}

function RemoveButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <ActionIcon
      pos="absolute"
      top={6}
      right={6}
      size={32}
      radius="xl"
      variant="filled"
      color="dark"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      style={{ opacity: 0.85 }}
    >
      <CloseIcon size={16} />
    </ActionIcon>
  );
}
