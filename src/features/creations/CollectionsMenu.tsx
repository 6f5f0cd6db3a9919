/**
 * The collections of /creations: pick one to show (?collection=…), make a new one, rename or delete
 * the one shown (its creations stay in My creations).
 */
import { Button, Group, Menu, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslations } from '~/i18n';
import { CollectionNameDialog } from './CollectionNameDialog';
import type { useCollections } from './useCollections';

const ALL = '';

type Naming = { mode: 'create' } | { mode: 'rename'; id: string; name: string } | null;

export function CollectionsMenu({
  collectionId,
  onChange,
  state,
}: {
  collectionId: string | null;
  onChange: (id: string | null) => void;
  state: ReturnType<typeof useCollections>;
}) {
  const t = useTranslations('creations');
  const [naming, setNaming] = useState<Naming>(null);
  const [deleting, setDeleting] = useState(false);
  const current = state.collections.find((c) => c.id === collectionId) ?? null;

  async function save(name: string) {
    if (naming?.mode === 'create') {
      const made = await state.create.mutateAsync({ name }).catch(() => null);
      if (made) onChange(made.id);
    } else if (naming?.mode === 'rename') {
      await state.rename.mutateAsync({ id: naming.id, name }).catch(() => null);
    }
    setNaming(null);
  }

  async function confirmDelete() {
    if (!current) return;
    const done = await state.remove.mutateAsync({ id: current.id }).catch(() => null);
    setDeleting(false);
    if (done) onChange(null);
  }

  return (
    <Group gap={6} align="flex-end" wrap="nowrap">
      <NativeSelect
        label={t('collectionFilter')}
        size="xs"
        w={180}
        value={collectionId ?? ALL}
        onChange={(event) => onChange(event.currentTarget.value || null)}
        data={[{ value: ALL, label: t('allCollections') }, ...state.collections.map((c) => ({ value: c.id, label: `${c.name} (${c.count})` }))]}
        data-testid="creations-collection-filter"
      />
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="xs" variant="default" data-testid="collections-menu">
            {t('collections')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setNaming({ mode: 'create' })} data-testid="collection-new">
            {t('newCollection')}
          </Menu.Item>
          {current ? (
            <>
              <Menu.Item onClick={() => setNaming({ mode: 'rename', id: current.id, name: current.name })} data-testid="collection-rename">
                {t('renameCollection')}
              </Menu.Item>
              <Menu.Item color="red" onClick={() => setDeleting(true)} data-testid="collection-delete">
                {t('deleteCollection')}
              </Menu.Item>
            </>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      <CollectionNameDialog
        opened={naming !== null}
        title={naming?.mode === 'rename' ? t('renameCollection') : t('newCollection')}
        initial={naming?.mode === 'rename' ? naming.name : ''}
        saving={state.create.isPending || state.rename.isPending}
        onSave={(name) => void save(name)}
        onClose={() => setNaming(null)}
      />
      <Modal opened={deleting && current !== null} onClose={() => setDeleting(false)} title={t('deleteCollection')} centered radius="lg" closeButtonProps={{ 'aria-label': t('close') }}>
        <Stack gap="sm">
          <Text size="sm">{t('deleteCollectionConfirm', { name: current?.name ?? '' })}</Text>
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setDeleting(false)}>
              {t('cancel')}
            </Button>
            <Button size="xs" color="red" loading={state.remove.isPending} onClick={() => void confirmDelete()} data-testid="collection-delete-confirm">
              {t('delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
