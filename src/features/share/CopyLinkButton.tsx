/** 'Copy link': the creation's share page address to the clipboard (the details modal, the result panel). */
import { Button } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { showToast } from '~/features/toast/toast';
import { shareUrl } from './share-link';

/** isPublic unknown (the result panel): the toast only says it was copied. */
export function CopyLinkButton({ id, isPublic }: { id: string; isPublic?: boolean }) {
  const t = useTranslations('share');
  async function copy() {
    try {
      await navigator.clipboard.writeText(shareUrl(id));
      showToast({ title: t('linkCopied'), ...(isPublic === undefined ? {} : { description: isPublic ? t('linkCopiedPublic') : t('linkCopiedPrivate') }), variant: 'success' });
    } catch {
      showToast({ title: t('copyFailed'), description: shareUrl(id), variant: 'destructive', durationMs: 15_000 });
    }
  }
  return (
    <Button size="xs" variant="light" onClick={() => void copy()} data-testid="copy-link" data-href={shareUrl(id)}>
      {t('copyLink')}
    </Button>
  );
}
