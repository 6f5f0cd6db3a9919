/**
 * The polling task of core-flow §4 step 5–6: the first poll after the estimated total duration
 * (queue wait + the model's estimate, default 60 s), then every 60 s, never below 10 s; all
 * scaled by the deployment's time scale (1 in production). Pushed updates (the server's
 * subscription) go through `receive`, so whichever arrives first ends the task, once.
 */
import { DEFAULT_ESTIMATED_DURATION, MIN_POLL_INTERVAL, POLL_REPEAT } from '~/catalogue/public';
import { isRunningStatus } from '~/features/predictions/status';
import type { Prediction } from '~/features/predictions/types';
import type { Timers } from '~/utils/timers';

export type Timing = { waitSeconds?: number | null; estimatedSeconds?: number | null };

export function firstPollDelayMs(timing: Timing, timeScale: number): number {
  const total = (timing.waitSeconds ?? 0) + (timing.estimatedSeconds ?? DEFAULT_ESTIMATED_DURATION);
  return Math.round(Math.max(total, MIN_POLL_INTERVAL) * 1000 * timeScale);
}

export function repeatPollDelayMs(timeScale: number): number {
  return Math.round(Math.max(POLL_REPEAT, MIN_POLL_INTERVAL) * 1000 * timeScale);
}

export type PollingTaskOptions = {
  id: string;
  timing: Timing;
  timeScale: number;
  fetch: (id: string) => Promise<Prediction>;
  timers: Timers;
  /** A still-running update (status or partial display). */
  onUpdate: (prediction: Prediction) => void;
  /** The task ended with a final status (succeeded, failed or any status not in RUNNING_STATUSES). */
  onDone: (prediction: Prediction) => void;
  /** A fetch failed: the task keeps the error and stops. */
  onError: (error: unknown) => void;
};

export type PollingTask = {
  readonly isPolling: boolean;
  readonly data: Prediction | null;
  readonly error: unknown;
  /** A prediction pushed by the server (or fetched elsewhere) for this task. */
  receive: (prediction: Prediction) => void;
  /** Stops without calling any callback (the component went away). */
  stop: () => void;
};

export function startPolling(options: PollingTaskOptions): PollingTask {
  const { id, timers, timeScale } = options;
  let isPolling = true;
  let data: Prediction | null = null;
  let error: unknown = null;
  let handle: unknown = null;

  const clear = () => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
  };

  const schedule = (ms: number) => {
    clear();
    handle = timers.setTimeout(() => {
      handle = null;
      void tick();
    }, ms);
  };

  const accept = (prediction: Prediction, fromPoll: boolean) => {
    if (!isPolling || prediction.id !== id) return;
    data = prediction;
    if (isRunningStatus(prediction.status)) {
      options.onUpdate(prediction);
      if (fromPoll) schedule(repeatPollDelayMs(timeScale));
      return;
    }
    isPolling = false;
    clear();
    options.onDone(prediction);
  };

  const tick = async () => {
    if (!isPolling) return;
    let prediction: Prediction;
    try {
      prediction = await options.fetch(id);
    } catch (failure) {
      if (!isPolling) return;
      error = failure;
      isPolling = false;
      clear();
      options.onError(failure);
      return;
    }
    accept(prediction, true);
  };

  schedule(firstPollDelayMs(options.timing, timeScale));

  return {
    get isPolling() {
      return isPolling;
    },
    get data() {
      return data;
    },
    get error() {
      return error;
    },
    receive: (prediction) => accept(prediction, false),
    stop: () => {
      isPolling = false;
      clear();
    },
  };
}
