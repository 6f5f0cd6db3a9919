/**
 * A batch grouped as one (the generator's queue panel, My creations): its model, "7 of 24 done",
 * each item with its state and progress, 'Cancel batch' while it runs and 'Download all' (one ZIP
 * of its results) once something is ready.
 */
import { Badge, Box, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { useState } from 'react';
import { describeRequestFailure } from '~/features/errors/request-error';
import { JobProgress } from '~/features/progress/JobProgress';
import { isRunningStatus } from '~/features/predictions/status';
import type { Prediction } from '~/features/predictions/types';
import { showToast } from '~/features/toast/toast';
import { trpc } from '~/utils/trpc';
import { useBatch } from './useBatch';

export function BatchCard({ id, showProgressInTitle }: { id: string; showProgressInTitle?: boolean }) {
  const t = useTranslations('batch');
  const query = useBatch(id, { showProgressInTitle });
  const utils = trpc.useUtils();
  const [canceling, setCanceling] = useState(false);
  const batch = query.data;
  if (!batch) return query.isError ? null : <Skeleton h={120} radius="lg" />;

  const cancel = async () => {
    setCanceling(true);
    try {
      const after = await utils.client.generation.cancelBatch.mutate({ id });
      utils.generation.batch.setData({ id }, after);
      void utils.user.details.invalidate();
      void utils.generation.batches.invalidate();
      showToast({ title: t('cancelDone'), variant: 'success' });
    } catch (failure) {
      showToast({ title: t('refusedTitle'), description: describeRequestFailure('cancel', failure).message, variant: 'destructive' });
    } finally {
      setCanceling(false);
    }
  };

  const state = batch.state === 'running' ? t('running') : batch.state === 'canceled' ? t('canceled') : t('completed');
  return (
    <Paper withBorder radius="lg" p="md" data-testid="batch-card" data-batch={batch.id} data-state={batch.state}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Box>
            <Text fw={600}>{t('heading', { model: batch.modelName })}</Text>
            <Text size="sm" c="dimmed" data-testid="batch-done">
              {t('done', { done: batch.done, total: batch.itemCount })}
            </Text>
          </Box>
          <Badge variant="light" color={batch.state === 'running' ? 'blue' : batch.state === 'canceled' ? 'gray' : 'green'}>
            {state}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs" data-testid="batch-items">
          {batch.items.map((item) => (
            <BatchItem key={item.id} item={item} />
          ))}
        </SimpleGrid>
        <Group gap="xs">
          {batch.state === 'running' ? (
            <Button size="xs" variant="light" color="red" loading={canceling} onClick={() => void cancel()} data-testid="batch-cancel">
              {t('cancel')}
            </Button>
          ) : null}
          {batch.succeeded > 0 ? (
            <Button size="xs" variant="light" component="a" href={`/api/creations/archive?batch=${encodeURIComponent(batch.id)}`} download data-testid="batch-download">
              {t('download')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

function BatchItem({ item }: { item: Prediction }) {
  const media = item.display.outputMedia[0];
  return (
    <Box data-testid="batch-item" data-status={item.status} style={{ aspectRatio: '1 / 1', position: 'relative', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', background: 'var(--mantine-color-default-hover)' }}>
      {media && media.contentType.startsWith('image/') ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img src={media.thumbnailUrl ?? media.publicUrl} alt={item.display.prompt ?? ''} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : isRunningStatus(item.status) ? (
        <Box p={6} style={{ position: 'absolute', insetInline: 0, bottom: 0 }}>
          <JobProgress jobId={item.id} report={item} estimatedSeconds={item.queue.estimatedSeconds} compact />
        </Box>
      ) : (
        <Text size="xs" c={item.status === 'failed' ? 'red' : 'dimmed'} p={6} lineClamp={3}>
          {item.display.prompt}
        </Text>
      )}
    </Box>
  );
}
