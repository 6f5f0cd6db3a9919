/**
 * 'Copy link': the creation's share page address to the clipboard (the details modal, the result
 * panel). A private result has no share page for anyone else (issue 21 §7), so its button is off and
 * says why instead of copying a link that would answer "not found".
 */
import { Button, Group, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslations } from '~/i18n';
import { showToast } from '~/features/toast/toast';
import { shareUrl } from './share-link';

/** isPublic unknown (the result panel before its state is known): the toast only says it was copied. */
export function CopyLinkButton({ id, isPublic }: { id: string; isPublic?: boolean }) {
  const t = useTranslations('share');
  const reasonId = useId();
  const isPrivate = isPublic === false;
  async function copy() {
    try {
      await navigator.clipboard.writeText(shareUrl(id));
      showToast({ title: t('linkCopied'), ...(isPublic ? { description: t('linkCopiedPublic') } : {}), variant: 'success' });
    } catch {
      showToast({ title: t('copyFailed'), description: shareUrl(id), variant: 'destructive', durationMs: 15_000 });
    }
  }
  return (
    <Group gap={6} wrap="nowrap">
      {isPrivate ? (
        <Text size="xs" c="dimmed" id={reasonId} data-testid="copy-link-private">
          {t('linkPrivate')}
        </Text>
      ) : null}
      <Button
        size="xs"
        variant="light"
        onClick={() => void copy()}
        disabled={isPrivate}
        aria-describedby={isPrivate ? reasonId : undefined}
        data-testid="copy-link"
        data-href={shareUrl(id)}
      >
        {t('copyLink')}
      </Button>
    </Group>
  );
}
