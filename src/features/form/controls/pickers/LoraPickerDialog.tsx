/**
 * The LoRA model picker dialog (tool-catalogue §2): search, tag filter, picture cards with the
 * 'not for commercial use' notice where the licence says so. Full screen on a phone.
 */
import { Badge, Box, Chip, Group, Modal, ScrollArea, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslations } from '~/i18n';
import { useMemo, useState } from 'react';
import { loraTags, searchLoras, type Lora } from '~/catalogue/public';
import { CheckIcon, SearchIcon } from '~/features/uploads/icons';
import { HotNewBadges, NonCommercialBadge } from './badges';

const ALL = '__all__';


type Props = {
  opened: boolean;
  onClose: () => void;
  loras: readonly Lora[];
  selectedId: string | null;
  onSelect: (lora: Lora) => void;
};

export function LoraPickerDialog({ opened, onClose, loras, selectedId, onSelect }: Props) {
  const t = useTranslations('pickers');
  const phone = useMediaQuery('(max-width: 36em)');
  const [query, setQuery] = useState('');
  const [tag, setTag] = useState<string>(ALL);
  const tags = useMemo(() => loraTags(loras), [loras]);
  const found = useMemo(() => searchLoras(loras, query, tag === ALL ? null : tag), [loras, query, tag]);

  return (
    <Modal opened={opened} onClose={onClose} title={t('loraDialogTitle')} size="xl" fullScreen={phone} centered>
      <Stack gap="sm" data-testid="lora-picker">
        <TextInput
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          placeholder={t('loraSearchPlaceholder')}
          aria-label={t('loraSearch')}
          leftSection={<SearchIcon size={16} />}
          data-autofocus
        />
        <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars>
          <Chip.Group multiple={false} value={tag} onChange={(v) => setTag(v)}>
            <Group gap={6} wrap="nowrap" pb={4} role="group" aria-label={t('loraTags')}>
              <Chip value={ALL} size="xs">
                {t('loraAllTags')}
              </Chip>
              {tags.map((name) => (
                <Chip key={name} value={name} size="xs">
                  {name}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </ScrollArea>
        <Text size="xs" c="dimmed" aria-live="polite">
          {t('loraCount', { count: found.length })}
        </Text>
        {found.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="xl">
            {t('loraEmpty', { query: query.trim() })}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
            {found.map((lora) => (
              <LoraCard key={lora.id} lora={lora} selected={lora.id === selectedId} onSelect={() => onSelect(lora)} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Modal>
  );
}

function LoraCard({ lora, selected, onSelect }: { lora: Lora; selected: boolean; onSelect: () => void }) {
  const t = useTranslations('pickers');
  return (
    <UnstyledButton
      onClick={onSelect}
      aria-pressed={selected}
      data-testid={`lora-option-${lora.id}`}
      style={{
        display: 'block',
        borderRadius: 'var(--mantine-radius-md)',
        overflow: 'hidden',
        border: selected ? '2px solid var(--mantine-primary-color-filled)' : '1px solid var(--mantine-color-default-border)',
        background: 'var(--mantine-color-body)',
      }}
    >
      <Box pos="relative" style={{ aspectRatio: '1 / 1', background: 'var(--mantine-color-default-hover)' }}>
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img src={lora.image} alt="" loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
        <Box pos="absolute" top={6} left={6}>
          <HotNewBadges isNew={lora.isNew} />
        </Box>
        {selected && (
          <Badge pos="absolute" top={6} right={6} size="sm" leftSection={<CheckIcon size={12} />}>
            {t('loraSelected')}
          </Badge>
        )}
      </Box>
      <Stack gap={4} p={8}>
        <Text size="sm" fw={600} lineClamp={1}>
          {lora.label}
        </Text>
        <Group gap={4}>
          {lora.tags.slice(0, 3).map((tag) => (
            <Badge key={tag} size="xs" variant="default" tt="none">
              {tag}
            </Badge>
          ))}
        </Group>
        {lora.commercialInfo.notice && <NonCommercialBadge />}
      </Stack>
    </UnstyledButton>
  );
}
