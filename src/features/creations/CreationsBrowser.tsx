/**
 * /creations: the signed-in user's creations, newest (or oldest) first, page by page (cursor),
 * searched by words and filtered by output type, status, model, dates, star and collection, all
 * kept in the URL; a star on every creation; several can be selected to download, delete or put
 * in a collection at once.
 */
import { Box, Button, Center, Checkbox, Container, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useSessionStatus } from '~/features/auth/session-status';
import { useTranslations } from '~/i18n';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useEffect, useMemo, useState } from 'react';
import { useSignInModal } from '~/features/auth/SignInModalProvider';
import type { Prediction } from '~/features/predictions/types';
import { trpc } from '~/utils/trpc';
import dynamic from 'next/dynamic';
import { CreationsFilters, type ModelOption } from './CreationsFilters';
import { CreationThumb } from './CreationThumb';
import { filtersFromQuery, isFiltered, listFilters, NO_FILTERS, queryFromFilters, type CreationFilters } from './creation-filters';
import { StarButton } from './StarButton';
import { useCollections } from './useCollections';
import { useLiveCreations, withCreation } from './useLiveCreations';

// The details dialog's code loads when a creation is first opened.
const CreationDetailsModal = dynamic(() => import('./CreationDetailsModal').then((m) => m.CreationDetailsModal), { ssr: false });

// The collections' picker and dialogs (menus, modals) load after the page: they are most of its weight.
const CollectionsMenu = dynamic(() => import('./CollectionsMenu').then((m) => m.CollectionsMenu), { ssr: false });

// The selection's actions load when a first creation is selected.
const SelectionBar = dynamic(() => import('./SelectionBar').then((m) => m.SelectionBar), { ssr: false });
// A user's batches, grouped, load after the list they sit above.
const RecentBatches = dynamic(() => import('~/features/batches/RecentBatches').then((m) => m.RecentBatches), { ssr: false });

export const CREATIONS_PAGE_SIZE = 24;

/** The filters: read from the URL (also on back/forward), written back to it on every change. */
function useUrlFilters(modelIds: ReadonlySet<string>): [CreationFilters, (next: CreationFilters) => void] {
  const router = useRouter();
  const fromUrl = useMemo(() => filtersFromQuery(router.query, modelIds), [router.query, modelIds]);
  const urlKey = JSON.stringify(fromUrl);
  const [filters, setFilters] = useState(fromUrl);
  // Compared by value: the query object changes identity on every route event.
  useEffect(() => setFilters(fromUrl), [urlKey]);
  const change = (next: CreationFilters) => {
    setFilters(next);
    void router.replace({ pathname: router.pathname, query: queryFromFilters(next) }, undefined, { shallow: true, scroll: false });
  };
  return [filters, change];
}

/** models: every catalogue model a creation may come from (the page's server data), for the model filter. */
export function CreationsBrowser({ models }: { models: readonly ModelOption[] }) {
  const t = useTranslations('creations');
  const status = useSessionStatus();
  const router = useRouter();
  const signIn = useSignInModal();
  const modelIds = useMemo(() => new Set(models.map((m) => m.id)), [models]);
  const [filters, setFilters] = useUrlFilters(modelIds);
  const [opened, setOpened] = useState<(Prediction & { starred?: boolean }) | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const input = { limit: CREATIONS_PAGE_SIZE, ...listFilters(filters) };
  const list = trpc.prediction.list.useInfiniteQuery(input, {
    enabled: status === 'authenticated' && router.isReady,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
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
  const filtered = isFiltered(filters);
  const collections = useCollections(status === 'authenticated');

  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const changeFilters = (next: CreationFilters) => {
    setSelected(new Set());
    setFilters(next);
  };

  return (
    <Container size="xl" py="xl">
      <Group justify="space-between" align="flex-end" mb="lg" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('body')}</Text>
        </Stack>
        {status === 'authenticated' ? (
          <Group gap="sm" align="flex-end" wrap="wrap">
            <CreationsFilters filters={filters} models={models} onChange={changeFilters} />
            <CollectionsMenu collectionId={filters.collectionId} onChange={(collectionId) => changeFilters({ ...filters, collectionId })} state={collections} />
          </Group>
        ) : null}
      </Group>

      {selected.size > 0 ? (
        <SelectionBar
          ids={[...selected]}
          onClear={() => setSelected(new Set())}
          onSelectAll={() => setSelected(new Set(items.map((c) => c.id)))}
          onDeleted={() => setSelected(new Set())}
          collections={collections}
          collectionId={filters.collectionId}
        />
      ) : null}

      {/* A batch's items grouped as one, above the creations listed one by one. */}
      {status === 'authenticated' ? (
        <Box mb="lg">
          <RecentBatches />
        </Box>
      ) : null}

      {status === 'unauthenticated' ? (
        <Paper withBorder radius="lg" p="xl">
          <Stack align="center" gap="sm">
            <Text>{t('signInPrompt')}</Text>
            <Button onClick={() => signIn.open('/creations')}>{t('signIn')}</Button>
          </Stack>
        </Paper>
      ) : list.isLoading || status === 'loading' || !router.isReady ? (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} spacing="sm">
          {Array.from({ length: 12 }, (_, i) => (
            <Skeleton key={i} radius="md" style={{ aspectRatio: '1 / 1' }} />
          ))}
        </SimpleGrid>
      ) : items.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" data-testid="creations-empty">
          <Stack align="center" gap="sm">
            <Text>{list.isError ? t('loadFailed') : filtered ? t('emptyFiltered') : t('empty')}</Text>
            {filtered ? (
              <Button variant="light" onClick={() => changeFilters(NO_FILTERS)}>
                {t('clearFilters')}
              </Button>
            ) : (
              <Button component={Link} href="/#tools" variant="light">
                {t('startCreating')}
              </Button>
            )}
          </Stack>
        </Paper>
      ) : (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} spacing="sm" data-testid="creations-grid">
            {items.map((creation) => (
              <Box key={creation.id} pos="relative" data-testid="creation-item">
                <UnstyledButton onClick={() => setOpened(creation)} w="100%" data-testid="creation-card" data-id={creation.id} data-type={creation.display.outputType}>
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
                <Checkbox
                  pos="absolute"
                  top={6}
                  left={6}
                  checked={selected.has(creation.id)}
                  onChange={(event) => toggle(creation.id, event.currentTarget.checked)}
                  aria-label={t('select', { name: creation.display.prompt ?? creation.modelName ?? t('untitled') })}
                  data-testid="creation-select"
                />
                <Box pos="absolute" top={6} right={6}>
                  <StarButton id={creation.id} starred={creation.starred} size="sm" />
                </Box>
              </Box>
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
