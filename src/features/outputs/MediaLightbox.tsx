/** A creation's image or video seen large, with a download link. */
import { Button, Group, Image, Modal, Stack } from '@mantine/core';
import { useTranslations } from '~/i18n';
import type { ReactNode } from 'react';
import { downloadName, isVideoUrl } from '~/features/predictions/media';

export function MediaLightbox({ url, opened, onClose, title, footer }: { url: string | null; opened: boolean; onClose: () => void; title?: ReactNode; footer?: ReactNode }) {
  const t = useTranslations('outputs');
  return (
    <Modal opened={opened && !!url} onClose={onClose} size="xl" centered title={title} radius="lg" closeButtonProps={{ 'aria-label': t('close') }}>
      {url ? (
        <Stack gap="md" data-testid="lightbox">
          {isVideoUrl(url) ? (
            <video src={url} controls autoPlay loop playsInline style={{ width: '100%', maxHeight: '70vh', borderRadius: 8, background: '#000' }} />
          ) : (
            <Image src={url} alt="" fit="contain" mah="70vh" radius="md" />
          )}
          <Group justify="space-between" wrap="wrap">
            <div>{footer}</div>
            <Button component="a" href={url} download={downloadName(url, 'creation')} variant="light" data-testid="lightbox-download">
              {t('download')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
