/** signalCompletion with the texts of the current language. */
import { useTranslations } from '~/i18n';
import { useCallback } from 'react';
import { signalCompletion } from './completion-signal';

export function useCompletionSignal(): (job: { id: string; status: string }) => void {
  const t = useTranslations('progress');
  return useCallback(
    (job) =>
      signalCompletion(
        { id: job.id, succeeded: job.status === 'succeeded' },
        { readyTitle: t('readyTitle'), failedTitle: t('failedTitle'), readyBody: t('readyBody'), failedBody: t('failedBody') },
      ),
    [t],
  );
}
