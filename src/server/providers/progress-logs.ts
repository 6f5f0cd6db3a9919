/**
 * How far along a hosted job is, read from what its provider prints. Replicate predictions carry
 * the model's stdout in `logs`; fal's queue status carries `queue_position` while queued and
 * `logs` (with `?logs=1`) while running. Many models print tqdm bars, percentages or step counts:
 *
 *    45%|████▌     | 13/28 [00:02<00:02,  6.10it/s]        tqdm (fraction 13/28, 2 s left)
 *   Progress: 45%                                         a percentage line
 *   Step 13/28  ·  sampling step 13 of 28                 a step line
 *
 * The newest line that says something wins. Bars of setup work (loading weights, downloading
 * files) say nothing about the generation itself and are skipped. Pure functions, no I/O.
 */

export type LogProgress = {
  /** 0–1. */
  progress: number;
  /** The provider's own estimate of the time left, in seconds, when it printed one. */
  remainingSeconds?: number;
};

// "{desc}: 45%|{bar}| 13/28 [00:02<00:02, 6.10it/s]": desc, percent, n, total, then elapsed<remaining.
// n/total may be unit-scaled ("1.2k/2.0k"): then the percentage stands.
const TQDM = /^(.*?)(\d{1,3})%\|[^|]*\|\s*(?:(\d+)\/(\d+))?[^[]*(?:\[[\d:]+<([\d:]+|\?))?/;
const PERCENT_WORD = /\bprogress\b\D{0,12}?(\d{1,3}(?:\.\d+)?)\s*%/i;
const PERCENT_ALONE = /^\s*(\d{1,3}(?:\.\d+)?)\s*%\s*(?:complete|completed|done)?\s*\.?\s*$/i;
const STEP = /\bsteps?\b\s*[:#]?\s*(\d+)\s*(?:\/|of)\s*(\d+)/i;
const SETUP_WORK = /load|download|fetch|upload|warm/i;

/** "02:05" or "1:02:05" → seconds. */
function clockSeconds(text: string): number | undefined {
  const parts = text.split(':').map(Number);
  if (parts.length < 2 || parts.length > 3 || parts.some((n) => !Number.isFinite(n))) return undefined;
  return parts.reduce((total, part) => total * 60 + part, 0);
}

function fraction(value: number): number | undefined {
  return Number.isFinite(value) && value >= 0 && value <= 1 ? value : undefined;
}

/** What one log line says about progress, or null when it says nothing. */
export function progressFromLine(line: string): LogProgress | null {
  const tqdm = TQDM.exec(line);
  if (tqdm) {
    const [, desc = '', percent = '', done = '', total = '', remaining] = tqdm;
    if (SETUP_WORK.test(desc)) return null;
    const count = Number(total);
    const progress = fraction(count > 0 ? Number(done) / count : Number(percent) / 100);
    if (progress === undefined) return null;
    const remainingSeconds = remaining && remaining !== '?' ? clockSeconds(remaining) : undefined;
    return remainingSeconds === undefined ? { progress } : { progress, remainingSeconds };
  }
  const percent = PERCENT_WORD.exec(line) ?? PERCENT_ALONE.exec(line);
  if (percent) {
    const progress = fraction(Number(percent[1]) / 100);
    return progress === undefined ? null : { progress };
  }
  const step = STEP.exec(line);
  if (step) {
    const total = Number(step[2]);
    const progress = total > 0 ? fraction(Number(step[1]) / total) : undefined;
    return progress === undefined ? null : { progress };
  }
  return null;
}

/** The newest progress among lines (oldest first). */
export function progressFromLines(lines: readonly string[]): LogProgress | null {
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    const found = progressFromLine(lines[i] ?? '');
    if (found) return found;
  }
  return null;
}

/** A Replicate prediction's `logs` (tqdm redraws with \r, so both \r and \n end a line). */
export function replicateLogProgress(logs: unknown): LogProgress | null {
  if (typeof logs !== 'string' || !logs) return null;
  return progressFromLines(logs.split(/\r\n|\r|\n/));
}

export type FalQueueProgress = { queuePosition?: number; progress?: number; remainingSeconds?: number };

/**
 * fal's queue status: `queue_position` while IN_QUEUE (0 = next, so 1-based here), and the
 * messages of `logs: [{message, level, source, timestamp}]` while IN_PROGRESS.
 */
export function falStatusProgress(status: { status?: unknown; queue_position?: unknown; logs?: unknown }): FalQueueProgress {
  if (status.status === 'IN_QUEUE') {
    const position = status.queue_position;
    return typeof position === 'number' && Number.isInteger(position) && position >= 0 ? { queuePosition: position + 1 } : {};
  }
  if (!Array.isArray(status.logs)) return {};
  const lines = status.logs.flatMap((entry: unknown) => {
    const message = entry && typeof entry === 'object' ? (entry as { message?: unknown }).message : undefined;
    return typeof message === 'string' ? message.split(/\r\n|\r|\n/) : [];
  });
  return progressFromLines(lines) ?? {};
}
