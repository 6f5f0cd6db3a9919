/** One creation large: its media or text, prompt, model and date; star, its sharing and link, download and delete. */
import { Badge, Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { useFormatter, useTranslations } from '~/i18n';
import { useState } from 'react';
import { describeRequestFailure } from '~/features/errors/request-error';
import type { Prediction } from '~/features/predictions/types';
import { creationSteps } from '~/features/next-steps/creation-steps';
import { ImageNextSteps } from '~/features/next-steps/ImageNextSteps';
import { useNextSteps } from '~/features/next-steps/next-steps';
import { RemixLink } from '~/features/next-steps/RemixLink';
import { downloadName, isVideoMedia } from '~/features/predictions/media';
import { TextOutput } from '~/features/outputs/TextOutput';
import { CopyLinkButton } from '~/features/share/CopyLinkButton';
import { OwnerSharing } from '~/features/share/OwnerSharing';
import { showToast } from '~/features/toast/toast';
import { trpc } from '~/utils/trpc';
import { StarButton } from './StarButton';

export function CreationDetailsModal({
  creation,
  onClose,
  onDeleted,
}: {
  creation: (Prediction & { starred?: boolean; promptHidden?: boolean }) | null;
  onClose: () => void;
  onDeleted?: (id: string) => void;
}) {
  const t = useTranslations('creations');
  const format = useFormatter();
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const [index, setIndex] = useState(0);
  const remove = trpc.prediction.delete.useMutation();

  const close = () => {
    setConfirming(false);
    setIndex(0);
    onClose();
  };

  async function confirmDelete() {
    if (!creation) return;
    try {
      await remove.mutateAsync({ id: creation.id });
      showToast({ title: t('deletedTitle'), description: t('deletedBody'), variant: 'success' });
      await Promise.all([utils.prediction.list.invalidate(), utils.prediction.recent.invalidate()]);
      onDeleted?.(creation.id);
      close();
    } catch (failure) {
      showToast({ title: t('deleteFailed'), description: describeRequestFailure('delete', failure).message, variant: 'destructive' });
    }
  }

  const media = creation?.display.outputMedia ?? [];
  const current = media[Math.min(index, Math.max(0, media.length - 1))];
  const modelName = creation ? (creation.modelName ?? creation.modelId) : '';
  const nextSteps = useNextSteps();
  const steps = creation && nextSteps ? creationSteps(creation, nextSteps.homeApps, Math.min(index, Math.max(0, media.length - 1))) : null;

  return (
    <Modal opened={creation !== null} onClose={close} size="xl" centered radius="lg" title={modelName} closeButtonProps={{ 'aria-label': t('close') }}>
      {creation ? (
        <Stack gap="md" data-testid="creation-details">
          {creation.display.outputType === 'text' ? (
            <TextOutput text={creation.display.outputText ?? ''} />
          ) : current ? (
            isVideoMedia(current) ? (
              <video src={current.publicUrl} controls loop playsInline style={{ width: '100%', maxHeight: '65vh', borderRadius: 8, background: '#000' }} />
            ) : (
              <Image src={current.publicUrl} alt={creation.display.prompt ?? ''} fit="contain" mah="65vh" radius="md" data-testid="creation-large" />
            )
          ) : (
            <Text c="dimmed">{creation.status === 'failed' ? (creation.error ?? t('statusFailed')) : t('statusRunning')}</Text>
          )}
          {media.length > 1 ? (
            <Group gap={6}>
              {media.map((m, i) => (
                <Button key={m.publicUrl} size="compact-xs" variant={i === index ? 'filled' : 'default'} onClick={() => setIndex(i)}>
                  {i + 1}
                </Button>
              ))}
            </Group>
          ) : null}
          {steps?.imageKey ? <ImageNextSteps objectKey={steps.imageKey} /> : null}
          {creation.display.prompt ? (
            <Text size="sm">
              <Text span fw={600}>
                {t('prompt')}:
              </Text>{' '}
              {creation.display.prompt}
            </Text>
          ) : null}
          <Group gap="xs">
            {creation.isOwner ? <StarButton id={creation.id} starred={creation.starred ?? false} /> : null}
            <Badge variant="light">{format.dateTime(new Date(creation.createdAt), { dateStyle: 'medium', timeStyle: 'short' })}</Badge>
            {creation.isOwner ? null : (
              <Badge variant="light" color={creation.isPublic ? 'gray' : 'violet'}>
                {creation.isPublic ? t('public') : t('private')}
              </Badge>
            )}
            <Badge variant="light" color="gray">
              {t('cost', { count: creation.cost })}
            </Badge>
          </Group>
          {creation.isOwner && creation.status === 'succeeded' ? (
            <OwnerSharing
              id={creation.id}
              known={{ isPublic: creation.isPublic, promptHidden: creation.promptHidden ?? false, review: creation.review }}
              withLink={media.length > 0}
            />
          ) : null}
          <Group justify="space-between">
            {confirming ? (
              <Group gap="xs">
                <Text size="sm">{t('deleteConfirm')}</Text>
                <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                  {t('cancel')}
                </Button>
                <Button size="xs" color="red" loading={remove.isPending} onClick={() => void confirmDelete()} data-testid="delete-confirm">
                  {t('delete')}
                </Button>
              </Group>
            ) : (
              <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming(true)} data-testid="delete-creation">
                {t('delete')}
              </Button>
            )}
            <Group gap="xs">
              {!creation.isOwner && creation.status === 'succeeded' && media.length > 0 ? <CopyLinkButton id={creation.id} isPublic={creation.isPublic} /> : null}
              {steps?.remix ? <RemixLink href={steps.remix} cost={creation.cost} /> : null}
              {current ? (
                <Button component="a" href={current.publicUrl} download={downloadName(current.publicUrl, 'creation')} size="xs" variant="light" data-testid="download-creation">
                  {t('download')}
                </Button>
              ) : null}
            </Group>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
