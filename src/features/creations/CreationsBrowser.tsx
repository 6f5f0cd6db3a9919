/** /creations: the signed-in user's creations, newest first, filtered by type, page by page. */
import { Button, Center, Container, Group, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useSession } from 'next-auth/react';
import { useTranslations } from '~/i18n';
import Link from 'next/link';
import { useState } from 'react';
import { useSignInModal } from '~/features/auth/SignInModalProvider';
import type { Prediction } from '~/features/generator/flow/types';
import { trpc } from '~/utils/trpc';
import dynamic from 'next/dynamic';

// The details dialog's code loads when a creation is first opened.
const CreationDetailsModal = dynamic(() => import('./CreationDetailsModal').then((m) => m.CreationDetailsModal), { ssr: false });
import { CreationThumb } from './CreationThumb';
import { useLiveCreations, withCreation } from './useLiveCreations';

export const CREATIONS_PAGE_SIZE = 24;
const FILTERS = ['all', 'image', 'video', 'text'] as const;
type Filter = (typeof FILTERS)[number];

export function CreationsBrowser() {
  const t = useTranslations('creations');
  const { status } = useSession();
  const signIn = useSignInModal();
  const [filter, setFilter] = useState<Filter>('all');
  const [opened, setOpened] = useState<Prediction | null>(null);
  const input = { limit: CREATIONS_PAGE_SIZE, ...(filter === 'all' ? {} : { type: filter }) };
  const list = trpc.prediction.list.useInfiniteQuery(input, { enabled: status === 'authenticated', getNextPageParam: (last) => last.nextCursor ?? undefined });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const utils = trpc.useUtils();
  // Running creations keep their progress moving here.
  useLiveCreations(items, {
    replace: (creation) => {
      let found = false;
      utils.prediction.list.setInfiniteData(input, (old) => {
        if (!old) return old;
        const pages = old.pages.map((page) => {
          const next = withCreation(page.items, creation);
          if (!next) return page;
          found = true;
          return { ...page, items: next };
        });
        return found ? { ...old, pages } : old;
      });
      return found;
    },
    refetch: () => void list.refetch(),
  });

  return (
    <Container size="xl" py="xl">
      <Group justify="space-between" align="flex-end" mb="lg" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('body')}</Text>
        </Stack>
        {status === 'authenticated' ? (
          <SegmentedControl
            value={filter}
            onChange={(v) => setFilter(v as Filter)}
            data={FILTERS.map((f) => ({ value: f, label: t(`filter.${f}`) }))}
            data-testid="creations-filter"
          />
        ) : null}
      </Group>

      {status === 'unauthenticated' ? (
        <Paper withBorder radius="lg" p="xl">
          <Stack align="center" gap="sm">
            <Text>{t('signInPrompt')}</Text>
            <Button onClick={() => signIn.open('/creations')}>{t('signIn')}</Button>
          </Stack>
        </Paper>
      ) : list.isLoading || status === 'loading' ? (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} spacing="sm">
          {Array.from({ length: 12 }, (_, i) => (
            <Skeleton key={i} radius="md" style={{ aspectRatio: '1 / 1' }} />
          ))}
        </SimpleGrid>
      ) : items.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" data-testid="creations-empty">
          <Stack align="center" gap="sm">
            <Text>{list.isError ? t('loadFailed') : t('empty')}</Text>
            <Button component={Link} href="/#tools" variant="light">
              {t('startCreating')}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} spacing="sm" data-testid="creations-grid">
            {items.map((creation) => (
              <UnstyledButton key={creation.id} onClick={() => setOpened(creation)} data-testid="creation-card" data-id={creation.id}>
                <Stack gap={4}>
                  <CreationThumb creation={creation} />
                  <Text size="xs" fw={600} lineClamp={1}>
                    {creation.modelName ?? creation.modelId}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {creation.display.prompt ?? '\u00a0'}
                  </Text>
                </Stack>
              </UnstyledButton>
            ))}
          </SimpleGrid>
          {list.hasNextPage ? (
            <Center>
              <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} data-testid="creations-more">
                {t('loadMore')}
              </Button>
            </Center>
          ) : null}
        </Stack>
      )}
      <CreationDetailsModal creation={opened} onClose={() => setOpened(null)} />
    </Container>
  );
}
