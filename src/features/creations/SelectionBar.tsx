/**
 * What can be done with several selected creations: download them (one ZIP), delete them, add
 * them to a collection, or take them out of the collection shown.
 */
import { Button, Group, Menu, Paper, Text } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { useState } from 'react';
import { describeRequestFailure } from '~/features/errors/request-error';
import { showToast } from '~/features/toast/toast';
import { trpc } from '~/utils/trpc';
import { CollectionNameDialog } from './CollectionNameDialog';
import type { useCollections } from './useCollections';

/** The ZIP of the selected creations' files (served for the signed-in owner only). */
export function archiveHref(ids: readonly string[]): string {
  return `/api/creations/archive?ids=${ids.map(encodeURIComponent).join(',')}`;
}

export function SelectionBar({
  ids,
  onClear,
  onSelectAll,
  onDeleted,
  collections,
  collectionId,
}: {
  ids: readonly string[];
  onClear: () => void;
  onSelectAll: () => void;
  onDeleted: (ids: readonly string[]) => void;
  collections: ReturnType<typeof useCollections>;
  /** The collection shown, if any: the selection can be taken out of it. */
  collectionId: string | null;
}) {
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

  const [naming, setNaming] = useState(false);
  async function addToNew() {
    setNaming(true);
  }
  async function createAndAdd(name: string) {
    const made = await collections.create.mutateAsync({ name }).catch(() => null);
    setNaming(false);
    if (made) collections.add.mutate({ id: made.id, generationIds: [...ids] });
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
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button size="compact-sm" variant="light" loading={collections.add.isPending} data-testid="add-to-collection">
                  {t('addToCollection')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {collections.collections.length === 0 ? <Menu.Label>{t('noCollections')}</Menu.Label> : null}
                {collections.collections.map((c) => (
                  <Menu.Item key={c.id} onClick={() => collections.add.mutate({ id: c.id, generationIds: [...ids] })} data-testid="add-to-collection-item">
                    {c.name}
                  </Menu.Item>
                ))}
                <Menu.Divider />
                <Menu.Item onClick={() => void addToNew()} data-testid="add-to-new-collection">
                  {t('newCollection')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
            {collectionId ? (
              <Button
                size="compact-sm"
                variant="light"
                loading={collections.takeOut.isPending}
                onClick={() => collections.takeOut.mutate({ id: collectionId, generationIds: [...ids] }, { onSuccess: () => onClear() })}
                data-testid="remove-from-collection"
              >
                {t('removeFromCollection')}
              </Button>
            ) : null}
            <Button component="a" href={archiveHref(ids)} download size="compact-sm" variant="light" data-testid="download-selected">
              {t('downloadSelected')}
            </Button>
            <Button size="compact-sm" variant="light" color="red" onClick={() => setConfirming(true)} data-testid="delete-selected">
              {t('deleteSelected')}
            </Button>
          </Group>
        )}
      </Group>
      <CollectionNameDialog opened={naming} title={t('newCollection')} initial="" saving={collections.create.isPending} onSave={(name) => void createAndAdd(name)} onClose={() => setNaming(false)} />
    </Paper>
  );
}
