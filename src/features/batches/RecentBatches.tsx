/**
 * My creations' batches: the newest ones grouped as one each (BatchCard), above the creations
 * themselves, which stay listed one by one as the list answers them.
 */
import { Stack, Title } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';
import { BatchCard } from './BatchCard';

/** Batches shown at once: the rest are in the list as single creations. */
const SHOWN = 3;

export function RecentBatches() {
  const t = useTranslations('batch');
  const batches = trpc.generation.batches.useQuery(undefined, { staleTime: 10_000 });
  const shown = (batches.data?.items ?? []).slice(0, SHOWN);
  if (shown.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="recent-batches">
      <Title order={3} size="h4">
        {t('recentHeading')}
      </Title>
      {shown.map((batch) => (
        <BatchCard key={batch.id} id={batch.id} />
      ))}
    </Stack>
  );
}
