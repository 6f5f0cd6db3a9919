/**
 * Recent Creations (core-flow §2, §6): premium users only; up to 6 items on the generator, 12
 * elsewhere; 'View all' to /creations; hidden once loaded with no items. On the generator a click
 * refills the form (first input image and prompt); elsewhere it opens the creation large. Each
 * item's menu hands it to the next tool (image actions, 'Use as prompt', 'Remix').
 */
import { Anchor, Box, Group, Paper, SimpleGrid, Skeleton, Title, UnstyledButton } from '@mantine/core';
import { useTranslations } from '~/i18n';
import Link from 'next/link';
import { useState } from 'react';
import { RECENT_LIMIT_DEFAULT } from '~/catalogue/public';
import type { Prediction } from '~/features/predictions/types';
import { creationSteps } from '~/features/next-steps/creation-steps';
import { CreationStepsButton } from '~/features/next-steps/CreationStepsButton';
import { useNextSteps } from '~/features/next-steps/next-steps';
import { useUserDetails } from '~/features/user/useUserDetails';
import { trpc } from '~/utils/trpc';
import dynamic from 'next/dynamic';

// The details dialog's code loads when a creation is first opened.
const CreationDetailsModal = dynamic(() => import('./CreationDetailsModal').then((m) => m.CreationDetailsModal), { ssr: false });
import { CreationThumb } from './CreationThumb';
import { useLiveCreations, withCreation } from './useLiveCreations';

export function RecentCreations({ limit = RECENT_LIMIT_DEFAULT, onSelect, columns }: { limit?: number; onSelect?: (creation: Prediction) => void; columns?: { base: number; sm?: number; md?: number } }) {
  const t = useTranslations('creations');
  const { user } = useUserDetails();
  const premium = user?.premium === true;
  const recent = trpc.prediction.recent.useQuery({ limit }, { enabled: premium, staleTime: 30_000 });
  const utils = trpc.useUtils();
  // Running creations keep their progress moving here.
  useLiveCreations(recent.data ?? [], {
    replace: (creation) => {
      let found = false;
      utils.prediction.recent.setData({ limit }, (old) => {
        const next = old ? withCreation(old, creation) : null;
        found = next !== null;
        return next ?? old;
      });
      return found;
    },
    refetch: () => void recent.refetch(),
  });
  const [opened, setOpened] = useState<(Prediction & { promptHidden?: boolean }) | null>(null);
  const nextSteps = useNextSteps(premium);

  if (!premium || recent.isError) return null;
  if (recent.isSuccess && recent.data.length === 0) return null;

  return (
    <Paper withBorder radius="lg" p="md" data-testid="recent-creations">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t('recentTitle')}</Title>
        <Anchor component={Link} href="/creations" size="sm" data-testid="recent-view-all">
          {t('viewAll')}
        </Anchor>
      </Group>
      <SimpleGrid cols={columns ?? { base: 3, sm: 6 }} spacing="xs">
        {recent.isLoading
          ? Array.from({ length: limit }, (_, i) => <Skeleton key={i} radius="md" style={{ aspectRatio: '1 / 1' }} />)
          : (recent.data ?? []).slice(0, limit).map((creation) => (
              <Box key={creation.id} pos="relative">
                <UnstyledButton
                  onClick={() => (onSelect ? onSelect(creation) : setOpened(creation))}
                  aria-label={creation.display.prompt ?? t('untitled')}
                  title={creation.display.prompt ?? undefined}
                  data-testid="recent-item"
                  w="100%"
                >
                  <CreationThumb creation={creation} />
                </UnstyledButton>
                {nextSteps ? (
                  <Box pos="absolute" top={4} right={4}>
                    <CreationStepsButton steps={creationSteps(creation, nextSteps.homeApps)} cost={creation.cost} label={t('nextStepsFor', { name: creation.display.prompt ?? t('untitled') })} />
                  </Box>
                ) : null}
              </Box>
            ))}
      </SimpleGrid>
      {onSelect ? null : <CreationDetailsModal creation={opened} onClose={() => setOpened(null)} />}
    </Paper>
  );
}
