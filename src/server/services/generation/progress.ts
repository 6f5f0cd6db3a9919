/**
 * Where a running job stands: what a provider's report changes on the row (progress never goes
 * back, a queue place is what the provider says now, the expected end comes from its own
 * estimate or from its rate), and the time left a client is shown. Pure functions, no I/O.
 */
import type { ProviderProgress } from '~/server/providers';

/** The columns a report may change (status only moves forward: starting → processing). */
export type ProgressColumns = {
  status: string;
  progress: number | null;
  queuePosition: number | null;
  expectedDoneAt: Date | null;
};

export type ProgressRow = ProgressColumns & { dispatchedAt: Date | null; estimatedSeconds: number };

/**
 * A provider's numbers go into integer and timestamp columns: a queue place outside an int, or a
 * time left past what a Date holds (a log line can print anything, a prompt echoed into it too),
 * made PostgreSQL or Prisma refuse the whole update, on every poll and webhook. Beyond these
 * bounds a number is not news, it is noise: it is left out.
 */
const MAX_QUEUE_POSITION = 1_000_000;
const MAX_REMAINING_SECONDS = 7 * 24 * 60 * 60;

function bounded(report: ProviderProgress): ProviderProgress {
  const { progress, queuePosition, remainingSeconds } = report;
  return {
    progress: progress !== undefined && Number.isFinite(progress) ? progress : undefined,
    queuePosition: queuePosition !== undefined && Number.isSafeInteger(queuePosition) && queuePosition >= 0 && queuePosition <= MAX_QUEUE_POSITION ? queuePosition : undefined,
    remainingSeconds:
      remainingSeconds !== undefined && Number.isFinite(remainingSeconds) && remainingSeconds >= 0 ? Math.min(remainingSeconds, MAX_REMAINING_SECONDS) : undefined,
  };
}

/** Below this much done, a rate says little about the time left. */
const MIN_FRACTION_FOR_RATE = 0.05;
/** Smaller moves are not worth a write (nor a push to every open tab). */
const MIN_PROGRESS_STEP = 0.005;

/**
 * When the job should end by what the provider said: its own estimate of the time left, else the
 * pace so far (elapsed × left ÷ done), else — having just left the provider's queue — the model's
 * estimated duration from now. Undefined when nothing new can be said.
 */
export function expectedEnd(row: ProgressRow, report: ProviderProgress, now: number, scale: number): Date | undefined {
  if (report.remainingSeconds !== undefined) return new Date(now + report.remainingSeconds * 1000);
  const done = report.progress;
  if (done !== undefined && done >= MIN_FRACTION_FOR_RATE && done < 1 && row.dispatchedAt) {
    const elapsed = now - row.dispatchedAt.getTime();
    if (elapsed > 0) return new Date(now + (elapsed * (1 - done)) / done);
  }
  if (row.queuePosition !== null && report.queuePosition === undefined) {
    return new Date(now + row.estimatedSeconds * 1000 * scale);
  }
  return undefined;
}

/**
 * The changes a report makes to a running row, or null when it changes nothing worth writing.
 * `toleranceMs`: an expected end that moved less than this is left as it was.
 */
export function progressPatch(
  row: ProgressRow,
  status: 'starting' | 'processing',
  raw: ProviderProgress,
  options: { now: number; scale: number; toleranceMs: number },
): Partial<ProgressColumns> | null {
  const report = bounded(raw);
  const patch: Partial<ProgressColumns> = {};
  if (row.status === 'starting' && status === 'processing') patch.status = 'processing';
  const position = report.queuePosition ?? null;
  if (position !== row.queuePosition) patch.queuePosition = position;
  const reported = report.progress === undefined ? undefined : Math.min(1, Math.max(0, report.progress));
  if (reported !== undefined && (row.progress === null || reported >= row.progress + MIN_PROGRESS_STEP)) patch.progress = reported;
  // A pace is only news with new progress: the same fraction later would only push the end back.
  const end = expectedEnd(row, { ...report, progress: patch.progress ?? undefined }, options.now, options.scale);
  if (end && (!row.expectedDoneAt || Math.abs(end.getTime() - row.expectedDoneAt.getTime()) >= options.toleranceMs)) patch.expectedDoneAt = end;
  return Object.keys(patch).length > 0 ? patch : null;
}

export type EtaRow = ProgressColumns & { dispatchAt: Date; dispatchedAt: Date | null; createdAt: Date; estimatedSeconds: number };

/**
 * Seconds until the result, in the catalogue's seconds (wall seconds ÷ the dev/test time scale, so
 * the same as wall seconds in production); null when unknown (waiting in a provider's queue) or
 * when the job is over.
 *   queued (our free-tier wait): the wait left plus the model's estimated duration;
 *   running: to the provider's expected end, else to the estimated duration from dispatch.
 */
export function etaSeconds(row: EtaRow, now: number, scale: number): number | null {
  const seconds = (ms: number) => Math.max(0, ms) / 1000 / scale;
  switch (row.status) {
    case 'queued':
      return Math.ceil(seconds(row.dispatchAt.getTime() - now) + row.estimatedSeconds);
    case 'starting':
    case 'processing': {
      if (row.queuePosition !== null) return null;
      if (row.expectedDoneAt) return Math.ceil(seconds(row.expectedDoneAt.getTime() - now));
      const started = (row.dispatchedAt ?? row.createdAt).getTime();
      return Math.ceil(Math.max(0, row.estimatedSeconds - seconds(now - started)));
    }
    default:
      return null;
  }
}
