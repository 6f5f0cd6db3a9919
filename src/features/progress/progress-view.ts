/**
 * What a running job's progress looks like at a moment: the server's last report (fraction done,
 * seconds left, place in a provider's queue) carried forward by the time since it arrived. The
 * bar fills toward the announced end; past it, it says so instead of sitting at 99 %. Pure.
 */

/** Fields of the public prediction (see src/server/services/generation/present.ts). */
export type ProgressReport = { progress: number | null; etaSeconds: number | null; queuePosition: number | null };

/** A report with the moment (Date.now()) it arrived, when the holder knows it. */
export type ReceivedReport = ProgressReport & { receivedAt?: number };

export type ProgressView =
  /** Waiting in the provider's own queue: its place, no time can be promised. */
  | { kind: 'provider-queue'; position: number }
  /** value 0–1 (null: unknown), secondsLeft null when unknown. */
  | { kind: 'running'; value: number | null; secondsLeft: number | null }
  /** The announced end has just passed: a short grace before calling it late. */
  | { kind: 'finishing'; value: number | null }
  | { kind: 'overdue' };

/** Running late is only said after this many seconds past the announced end (results take a moment to save). */
export function graceSeconds(estimatedSeconds: number): number {
  return Math.min(30, Math.max(5, estimatedSeconds * 0.1));
}

/**
 * `since`: catalogue seconds since the report arrived. Without a fraction from the provider, the
 * bar is the share of the estimated duration already spent.
 */
export function progressView(report: ProgressReport, since: number, estimatedSeconds: number): ProgressView {
  if (report.queuePosition !== null) return { kind: 'provider-queue', position: report.queuePosition };
  const eta = report.etaSeconds;
  if (eta === null) return { kind: 'running', value: report.progress, secondsLeft: null };
  const elapsed = Math.max(0, since);
  const left = eta - elapsed;
  const value = report.progress !== null
    ? report.progress + (1 - report.progress) * (eta > 0 ? Math.min(1, elapsed / eta) : 1)
    : 1 - Math.max(0, left) / Math.max(1, estimatedSeconds);
  const shown = Math.min(0.99, Math.max(0, value));
  if (left > 0) return { kind: 'running', value: shown, secondsLeft: Math.ceil(left) };
  return -left < graceSeconds(estimatedSeconds) ? { kind: 'finishing', value: shown } : { kind: 'overdue' };
}
