/**
 * A person's generations as they change, for a live stream (prediction.onUpdate): each status or
 * progress event of one of theirs (or of the ones they follow) yields the row's newest
 * prediction, so progress moves live and a finished result shows within a second. The stream ends
 * when `signal` aborts; clients' polling stays the fallback.
 */
import type { Db } from '~/server/db/client';
import { onGenerationUpdate, type GenerationUpdate } from './events';
import { toPrediction, type Prediction } from './present';

export async function* followGenerations(db: Db, userId: string, ids: readonly string[] | undefined, signal: AbortSignal | undefined): AsyncGenerator<Prediction> {
  const wanted = ids ? new Set(ids) : null;
  const queue: GenerationUpdate[] = [];
  let wake: (() => void) | undefined;
  const off = onGenerationUpdate((update) => {
    if (update.userId !== userId || (wanted && !wanted.has(update.generationId))) return;
    queue.push(update);
    wake?.();
  });
  // One abort listener for the whole stream (progress makes many waits: one each would pile up).
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    while (!signal?.aborted) {
      if (queue.length === 0) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
        continue;
      }
      const update = queue.shift()!;
      // The row read below is the newest state: later queued updates of the same job add nothing.
      for (let i = queue.length - 1; i >= 0; i -= 1) if (queue[i]!.generationId === update.generationId) queue.splice(i, 1);
      const row = await db.generation.findFirst({ where: { id: update.generationId, userId } });
      if (row) yield toPrediction(row, userId);
    }
  } finally {
    off();
    signal?.removeEventListener('abort', onAbort);
  }
}
