/** What can be done with several selected creations: download them (one ZIP) or delete them. */
import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { useState } from 'react';
import { describeRequestFailure } from '~/features/errors/request-error';
import { showToast } from '~/features/toast/toast';
import { trpc } from '~/utils/trpc';

/** The ZIP of the selected creations' files (served for the signed-in owner only). */
export function archiveHref(ids: readonly string[]): string {
  return `/api/creations/archive?ids=${ids.map(encodeURIComponent).join(',')}`;
}

export function SelectionBar({ ids, onClear, onSelectAll, onDeleted }: { ids: readonly string[]; onClear: () => void; onSelectAll: () => void; onDeleted: (ids: readonly string[]) => void }) {
  const t = useTranslations('creations');
  const utils = trpc.useUtils();
  const removeMany = trpc.prediction.deleteMany.useMutation();
  const [confirming, setConfirming] = useState(false);

  async function confirmDelete() {
    try {
      const result = await removeMany.mutateAsync({ ids: [...ids] });
      showToast({ title: t('deletedTitle'), description: t('deletedMany', { count: result.deleted }), variant: 'success' });
      await Promise.all([utils.prediction.list.invalidate(), utils.prediction.recent.invalidate()]);
      setConfirming(false);
      onDeleted(ids);
    } catch (failure) {
      showToast({ title: t('deleteFailed'), description: describeRequestFailure('delete', failure).message, variant: 'destructive' });
    }
  }

  return (
    <Paper withBorder radius="lg" px="md" py="xs" mb="md" data-testid="selection-bar" pos="sticky" top={64} style={{ zIndex: 3 }}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600} data-testid="selection-count" aria-live="polite">
            {t('selected', { count: ids.length })}
          </Text>
          <Button size="compact-sm" variant="subtle" onClick={onSelectAll}>
            {t('selectAll')}
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={onClear}>
            {t('clearSelection')}
          </Button>
        </Group>
        {confirming ? (
          <Group gap="xs">
            <Text size="sm">{t('deleteManyConfirm', { count: ids.length })}</Text>
            <Button size="compact-sm" variant="default" onClick={() => setConfirming(false)}>
              {t('cancel')}
            </Button>
            <Button size="compact-sm" color="red" loading={removeMany.isPending} onClick={() => void confirmDelete()} data-testid="delete-selected-confirm">
              {t('delete')}
            </Button>
          </Group>
        ) : (
          <Group gap="xs">
            <Button component="a" href={archiveHref(ids)} download size="compact-sm" variant="light" data-testid="download-selected">
              {t('downloadSelected')}
            </Button>
            <Button size="compact-sm" variant="light" color="red" onClick={() => setConfirming(true)} data-testid="delete-selected">
              {t('deleteSelected')}
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
