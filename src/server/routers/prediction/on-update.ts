import { onGenerationUpdate, type GenerationUpdate } from '~/server/services/generation/events';
import { toPrediction } from '~/server/services/generation/present';
import { protectedProcedure } from '~/server/trpc/procedures';
import { onUpdateInput, onUpdateOutput } from './on-update.schema';

/**
 * Pushes the caller's generations as their status or progress changes (server-sent events over
 * tRPC), so progress moves live and a finished result shows within a second; the client's spec
 * polling stays as the fallback.
 */
export const onUpdate = protectedProcedure
  .input(onUpdateInput)
  .output(onUpdateOutput)
  .subscription(async function* ({ ctx, input, signal }) {
    const wanted = input?.ids ? new Set(input.ids) : null;
    const queue: GenerationUpdate[] = [];
    let wake: (() => void) | undefined;
    const off = onGenerationUpdate((update) => {
      if (update.userId !== ctx.user.id || (wanted && !wanted.has(update.generationId))) return;
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
        const row = await ctx.db.generation.findFirst({ where: { id: update.generationId, userId: ctx.user.id } });
        if (row) yield toPrediction(row, ctx.user.id);
      }
    } finally {
      off();
      signal?.removeEventListener('abort', onAbort);
    }
  });
