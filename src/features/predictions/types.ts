/**
 * A creation as the client holds it. Server shapes are inferred from the router so the client
 * never drifts from what the API answers. Here, below the generator, the creations and the
 * outputs, because all three show the same predictions.
 */
import type { inferRouterOutputs } from '@trpc/server';
import type { ReceivedReport } from '~/features/progress/progress-view';
import type { AppRouter } from '~/server/trpc/root';
import type { ReviewNotice } from '~/utils/moderation';

type Outputs = inferRouterOutputs<AppRouter>;

/** A creation as the server presents it (core-flow §3 Prediction). */
export type Prediction = Outputs['prediction']['get'];

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
  /** What moderation tells the owner ('waiting' for review, 'removed'), as the server said. */
  review?: ReviewNotice | null;
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
    review: prediction.review,
  };
}
