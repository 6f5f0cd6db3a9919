import { z } from 'zod';
import { inputText } from '~/catalogue';
import { onGenerationUpdate, type GenerationUpdate } from '~/server/services/generation/events';
import { toPrediction } from '~/server/services/generation/present';
import { protectedProcedure } from '~/server/trpc/procedures';

/**
 * Pushes the caller's generations as their status changes (server-sent events over tRPC), so a
 * finished result shows within a second; the client's spec polling stays as the fallback.
 */
export const onUpdate = protectedProcedure
  .input(z.object({ ids: z.array(inputText.max(64)).max(50).optional() }).optional())
  .subscription(async function* ({ ctx, input, signal }) {
    const wanted = input?.ids ? new Set(input.ids) : null;
    const queue: GenerationUpdate[] = [];
    let wake: (() => void) | undefined;
    const off = onGenerationUpdate((update) => {
      if (update.userId !== ctx.user.id || (wanted && !wanted.has(update.generationId))) return;
      queue.push(update);
      wake?.();
    });
    try {
      while (!signal?.aborted) {
        if (queue.length === 0) {
          await new Promise<void>((resolve) => {
            wake = resolve;
            signal?.addEventListener('abort', () => resolve(), { once: true });
          });
          wake = undefined;
          continue;
        }
        const update = queue.shift()!;
        const row = await ctx.db.generation.findFirst({ where: { id: update.generationId, userId: ctx.user.id } });
        if (row) yield toPrediction(row, ctx.user.id);
      }
    } finally {
      off();
    }
  });
