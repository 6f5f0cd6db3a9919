/**
 * A person's generations as they change, for a live stream (prediction.onUpdate) through tRPC's
 * caller and adapter: each status or progress event of one of theirs (or of the ones they follow)
 * yields the row's newest prediction, so progress moves live and a finished result shows within a
 * second. The process's one notifier (update-notifier.ts) reads and presents each change once for
 * every stream of its owner. The stream ends when `signal` aborts; clients' polling stays the
 * fallback. The production server answers the stream over HTTP on a route of its own
 * (server/http/update-stream-route.ts), with the same notifier.
 */
import type { Db } from '~/server/db/client';
import type { Prediction } from './present';
import { watchGenerationUpdates } from './update-notifier';

export async function* followGenerations(db: Db, userId: string, ids: readonly string[] | undefined, signal: AbortSignal | undefined): AsyncGenerator<Prediction> {
  // The newest prediction of each generation not yet yielded, in the order they first changed.
  const pending = new Map<string, Prediction>();
  let wake: (() => void) | undefined;
  const stop = watchGenerationUpdates(db, {
    userId,
    ids: ids ? new Set(ids) : null,
    send: (prediction) => {
      pending.set(prediction.id, prediction);
      wake?.();
    },
  });
  // One abort listener for the whole stream (progress makes many waits: one each would pile up).
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    while (!signal?.aborted) {
      const next = pending.entries().next();
      if (next.done) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
        continue;
      }
      const [id, prediction] = next.value;
      pending.delete(id);
      yield prediction;
    }
  } finally {
    stop();
    signal?.removeEventListener('abort', onAbort);
  }
}
