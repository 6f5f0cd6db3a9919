/** Naming a collection (new or renamed): one field, saved on Enter. */
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslations } from '~/i18n';

export const COLLECTION_NAME_MAX = 60;

export function CollectionNameDialog({
  opened,
  title,
  initial,
  saving,
  onSave,
  onClose,
}: {
  opened: boolean;
  title: string;
  initial: string;
  saving: boolean;
  onSave: (name: string) => void;
  onClose: () => void;
}) {
  const t = useTranslations('creations');
  const [name, setName] = useState(initial);
  useEffect(() => setName(initial), [initial, opened]);
  const valid = name.trim().length > 0;
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered radius="lg" closeButtonProps={{ 'aria-label': t('close') }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) onSave(name.trim());
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('collectionName')}
            value={name}
            maxLength={COLLECTION_NAME_MAX}
            onChange={(event) => setName(event.currentTarget.value)}
            data-autofocus
            data-testid="collection-name"
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" size="xs" disabled={!valid} loading={saving} data-testid="collection-save">
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
