/**
 * A running job's progress bar with the time left, the same wherever the job shows (the output
 * area, Recent Creations, /creations). It moves every second between the server's reports and
 * never goes back; past the announced end it says 'Taking longer than usual' (indeterminate).
 */
import { Progress, Text } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { useRef } from 'react';
import { useSystemStatus } from '~/features/maintenance/useSystemStatus';
import { useNow, useSince } from './clock';
import { progressView, type ProgressView, type ReceivedReport } from './progress-view';

export type JobProgressProps = {
  /** Resets the never-go-back floor when another job shows here. */
  jobId: string;
  /** Without `receivedAt`, the report counts as arrived when it first shows here. */
  report: ReceivedReport;
  estimatedSeconds: number;
  /** Smaller type for thumbnails. */
  compact?: boolean;
};

export function JobProgress({ jobId, report, estimatedSeconds, compact = false }: JobProgressProps) {
  const t = useTranslations('progress');
  const { timeScale } = useSystemStatus();
  const firstShown = useSince(`${jobId}|${report.progress}|${report.etaSeconds}|${report.queuePosition}`);
  const arrived = report.receivedAt ?? firstShown;
  const now = useNow(timeScale, true);
  const view = progressView(report, (now - arrived) / (1000 * timeScale), estimatedSeconds);
  const floor = useRef({ jobId, value: 0 });
  if (floor.current.jobId !== jobId) floor.current = { jobId, value: 0 };
  const raw = view.kind === 'running' || view.kind === 'finishing' ? view.value : null;
  const value = raw === null ? null : Math.max(floor.current.value, raw);
  if (value !== null) floor.current.value = value;
  const percent = value === null ? null : Math.round(value * 100);
  const label = describe(view, t);
  return (
    <div data-testid="job-progress" data-state={view.kind}>
      <Progress.Root
        size={compact ? 'sm' : 'md'}
        radius="xl"
        role="progressbar"
        aria-label={t('label')}
        aria-valuemin={0}
        aria-valuemax={100}
        // Indeterminate (no aria-valuenow) when nobody can say how far along it is.
        aria-valuenow={percent ?? undefined}
        aria-valuetext={percent === null ? label : `${percent}% · ${label}`}
      >
        <Progress.Section withAria={false} value={percent ?? 100} animated={percent === null} color={view.kind === 'overdue' ? 'orange' : undefined} style={{ transition: 'width 0.4s linear' }} />
      </Progress.Root>
      <Text size="xs" c={view.kind === 'overdue' ? 'orange' : 'dimmed'} mt={4} data-testid="job-progress-label" lineClamp={compact ? 1 : undefined}>
        {label}
      </Text>
    </div>
  );
}

function describe(view: ProgressView, t: ReturnType<typeof useTranslations>): string {
  switch (view.kind) {
    case 'provider-queue':
      return t('providerQueue', { position: view.position });
    case 'running':
      return view.secondsLeft === null ? t('working') : t('timeLeft', { seconds: view.secondsLeft });
    case 'finishing':
      return t('almostDone');
    case 'overdue':
      return t('overdue');
  }
}
