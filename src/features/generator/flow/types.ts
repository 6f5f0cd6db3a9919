/**
 * Shapes the generation flow works with. Server shapes are inferred from the router so the client
 * never drifts from what the API answers.
 */
import type { inferRouterOutputs } from '@trpc/server';
import type { ReceivedReport } from '~/features/progress/progress-view';
import type { AppRouter } from '~/server/trpc/root';

type Outputs = inferRouterOutputs<AppRouter>;

/** A creation as the server presents it (core-flow §3 Prediction). */
export type Prediction = Outputs['prediction']['get'];
export type SubmitAnswer = Outputs['generation']['submit'];
export type CheckAnswer = Outputs['generation']['check'];

/**
 * What the output area shows: a server prediction, or a client-side one (the `fake-` placeholder
 * while the request is on its way, an `error-` one when a synchronous call failed).
 */
export type ShownPrediction = {
  id: string;
  status: string;
  error: string | null;
  outputNum: number;
  outputType: string;
  display: Prediction['display'] | null;
  queue: { waitSeconds: number; estimatedSeconds: number } | null;
  /** Where a running job stands (the server's progress fields; the placeholder's own estimate). */
  report?: ReceivedReport | null;
  /** Whether others may see it, as the server said (the result panel's sharing); unknown for a client-made one. */
  isPublic?: boolean;
};

/** The flow's toasts go through this (the app passes showToast); `link` ends the toast with a link. */
export type ToastFn = (toast: {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  durationMs?: number;
  link?: { label: string; href: string };
}) => void;

/** Timer functions, injectable so tests drive the schedule with fake timers. */
export type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function fromServer(prediction: Prediction): ShownPrediction {
  return {
    id: prediction.id,
    status: prediction.status,
    error: prediction.error,
    outputNum: prediction.outputNum,
    outputType: prediction.display.outputType,
    display: prediction.display,
    queue: { waitSeconds: prediction.queue.waitSeconds, estimatedSeconds: prediction.queue.estimatedSeconds },
    report: { progress: prediction.progress, etaSeconds: prediction.etaSeconds, queuePosition: prediction.queuePosition, receivedAt: Date.now() },
    isPublic: prediction.isPublic,
  };
}
