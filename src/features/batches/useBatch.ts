/**
 * A batch as its card shows it, kept up to date while it runs: the server pushes each change of its
 * items (prediction.onUpdate) and a poll stays as the fallback. While it runs the tab title counts
 * its progress; when it ends, the completion signal fires once for the whole batch (its items are
 * never signalled one by one).
 */
import { useEffect, useRef } from 'react';
import { useTranslations } from '~/i18n';
import { useSystemStatus } from '~/features/maintenance/useSystemStatus';
import { clearBatchProgressTitle, showBatchProgressTitle, signalAsOne, signalCompletion } from '~/features/progress/completion-signal';
import { trpc } from '~/utils/trpc';

/** Seconds between two reads of a running batch when nothing is pushed (before the time scale). */
const BATCH_POLL_SECONDS = 2;

export function useBatch(id: string, options: { showProgressInTitle?: boolean } = {}) {
  const t = useTranslations('batch');
  const { timeScale } = useSystemStatus();
  const utils = trpc.useUtils();
  const query = trpc.generation.batch.useQuery({ id }, { staleTime: 0 });
  const batch = query.data;
  const running = batch?.state === 'running';
  const itemIds = batch?.itemIds;
  const wasRunning = useRef(false);

  useEffect(() => {
    if (itemIds) signalAsOne(itemIds);
  }, [itemIds]);

  trpc.prediction.onUpdate.useSubscription(undefined, {
    enabled: running,
    onData: (creation) => {
      if (itemIds?.includes(creation.id)) void query.refetch();
    },
    onError: () => undefined, // the poll below carries on
  });

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void query.refetch(), Math.max(100, BATCH_POLL_SECONDS * 1000 * timeScale));
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [running, timeScale]);

  const showTitle = options.showProgressInTitle === true;
  useEffect(() => {
    if (!batch) return;
    if (batch.state === 'running') {
      wasRunning.current = true;
      if (showTitle) showBatchProgressTitle(batch.done, batch.itemCount);
      return;
    }
    if (showTitle) clearBatchProgressTitle();
    if (!wasRunning.current) return;
    wasRunning.current = false;
    void utils.prediction.recent.invalidate();
    void utils.prediction.list.invalidate();
    void utils.user.details.invalidate();
    signalCompletion(
      { id: batch.id, succeeded: batch.failed === 0 },
      { readyTitle: t('readyTitle'), failedTitle: t('failedTitle'), readyBody: t('readyBody'), failedBody: t('failedBody') },
    );
  }, [batch, showTitle, t, utils]);

  useEffect(() => (showTitle ? () => clearBatchProgressTitle() : undefined), [showTitle]);

  return query;
}
