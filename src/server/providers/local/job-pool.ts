/**
 * Where the local engine's work runs: a bounded number of jobs at once, in the background, so a
 * poll never waits for a job's work and one heavy job cannot hold up the others (the engine polls
 * running jobs one after another). A poll starts a due job, later polls see it running, and the
 * first poll after it ends collects its outcome. Nothing here is the source of truth: the
 * generation row is, so a restart only means the work is done again.
 */

export type PoolOutcome<T> = { state: 'running' } | { state: 'done'; value: T } | { state: 'failed'; error: unknown };

type Entry<T> = { outcome: PoolOutcome<T>; endedAt?: number };

export type JobPool<T> = {
  /** The job's outcome so far; starts `work` (once) if the pool has not seen this job yet. */
  poll(id: string, work: () => Promise<T>): PoolOutcome<T>;
  /** Drops a job's outcome (a canceled job); work already running still ends on its own. */
  forget(id: string): void;
  /** Jobs working now, jobs waiting for a slot, and the most that ever worked at once. */
  stats(): { active: number; waiting: number; peakActive: number };
};

/** Outcomes nobody collected (the row was finished elsewhere) are dropped after this long. */
const UNCOLLECTED_TTL_MS = 10 * 60 * 1000;

export function createJobPool<T>(concurrency: number): JobPool<T> {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`Invalid local engine concurrency: ${concurrency}`);
  const entries = new Map<string, Entry<T>>();
  const waiting: (() => void)[] = [];
  let active = 0;
  let peakActive = 0;

  function startNext(): void {
    while (active < concurrency && waiting.length > 0) waiting.shift()!();
  }

  function sweep(now: number): void {
    for (const [id, entry] of entries) if (entry.endedAt !== undefined && now - entry.endedAt > UNCOLLECTED_TTL_MS) entries.delete(id);
  }

  function enqueue(id: string, entry: Entry<T>, work: () => Promise<T>): void {
    waiting.push(() => {
      active += 1;
      peakActive = Math.max(peakActive, active);
      // A job forgotten while it waited is not started at all.
      const run = entries.get(id) === entry ? Promise.resolve().then(work) : Promise.reject(new Error('forgotten'));
      run
        .then(
          (value) => {
            entry.outcome = { state: 'done', value };
          },
          (error: unknown) => {
            entry.outcome = { state: 'failed', error };
          },
        )
        .finally(() => {
          entry.endedAt = Date.now();
          active -= 1;
          startNext();
        });
    });
    startNext();
  }

  return {
    poll(id, work) {
      sweep(Date.now());
      const entry = entries.get(id);
      if (!entry) {
        const created: Entry<T> = { outcome: { state: 'running' } };
        entries.set(id, created);
        enqueue(id, created, work);
        return created.outcome;
      }
      if (entry.outcome.state !== 'running') entries.delete(id);
      return entry.outcome;
    },
    forget(id) {
      entries.delete(id);
    },
    stats() {
      return { active, waiting: waiting.length, peakActive };
    },
  };
}
