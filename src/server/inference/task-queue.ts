/**
 * The order in which the inference worker does things: one step at a time; a quick check (a face
 * check, which someone is waiting for in a request) before any step of a long job; and one long
 * job (an upscale) at a time, the others waiting their turn in a bounded line whose place each of
 * them can report. A long job is made of steps (its tiles), so a check waits for one tile at
 * most, never for a whole upscale.
 */

/** Too many are already waiting: refused at once, nothing queued. */
export class QueueFullError extends Error {
  constructor(what: string) {
    super(`Too many ${what} are waiting for the inference worker.`);
    this.name = 'QueueFullError';
  }
}

/** The caller stopped waiting before its step started (the step never ran). */
export class StepAbortedError extends Error {
  constructor() {
    super('The inference step was abandoned before it started.');
    this.name = 'StepAbortedError';
  }
}

type Step = { run: () => Promise<void>; abandon: (error: Error) => void };

export type InferenceQueueLimits = { maxWaitingChecks: number; maxWaitingJobs: number };

export type InferenceQueue = {
  /** A quick step that goes before every waiting step of a job. */
  check<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** One step of the job that holds the job slot. */
  jobStep<T>(work: () => Promise<T>): Promise<T>;
  /** Holds the job slot while `work` runs; until then `onPosition` hears its place in line (1 = next). */
  job<T>(work: () => Promise<T>, onPosition?: (position: number) => void): Promise<T>;
  stats(): { checksWaiting: number; jobsWaiting: number; jobRunning: boolean; stepRunning: boolean };
};

export function createInferenceQueue(limits: InferenceQueueLimits): InferenceQueue {
  const checks: Step[] = [];
  const jobSteps: Step[] = [];
  const waitingJobs: { start: () => void; onPosition?: (position: number) => void }[] = [];
  let stepRunning = false;
  let jobRunning = false;

  function pump(): void {
    if (stepRunning) return;
    const next = checks.shift() ?? jobSteps.shift();
    if (!next) return;
    stepRunning = true;
    void next.run().finally(() => {
      stepRunning = false;
      pump();
    });
  }

  function enqueue<T>(line: Step[], work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const step: Step = {
        run: async () => {
          signal?.removeEventListener('abort', onAbort);
          try {
            resolve(await work());
          } catch (error) {
            reject(error);
          }
        },
        abandon: reject,
      };
      const onAbort = () => {
        const at = line.indexOf(step);
        if (at >= 0) {
          line.splice(at, 1);
          step.abandon(new StepAbortedError());
        }
      };
      if (signal?.aborted) return reject(new StepAbortedError());
      signal?.addEventListener('abort', onAbort, { once: true });
      line.push(step);
      pump();
    });
  }

  function tellPositions(): void {
    waitingJobs.forEach((job, index) => job.onPosition?.(index + 1));
  }

  function startNextJob(): void {
    if (jobRunning) return;
    const next = waitingJobs.shift();
    if (!next) return;
    jobRunning = true;
    tellPositions();
    next.start();
  }

  return {
    check(work, signal) {
      if (checks.length >= limits.maxWaitingChecks) return Promise.reject(new QueueFullError('face checks'));
      return enqueue(checks, work, signal);
    },
    jobStep(work) {
      return enqueue(jobSteps, work);
    },
    job(work, onPosition) {
      if (waitingJobs.length >= limits.maxWaitingJobs) return Promise.reject(new QueueFullError('jobs'));
      return new Promise((resolve, reject) => {
        waitingJobs.push({
          onPosition,
          start: () => {
            void Promise.resolve()
              .then(work)
              .then(resolve, reject)
              .finally(() => {
                jobRunning = false;
                startNextJob();
              });
          },
        });
        if (jobRunning) onPosition?.(waitingJobs.length);
        startNextJob();
      });
    },
    stats: () => ({ checksWaiting: checks.length, jobsWaiting: waitingJobs.length, jobRunning, stepRunning }),
  };
}
