import { cancelBatch as cancelBatchOf } from '~/server/services/generation/batch-cancel';
import { protectedProcedure } from '~/server/trpc/procedures';
import { cancelBatchInput, cancelBatchOutput } from './cancel-batch.schema';

/** Cancels a batch: refunds every item not yet started, once; items at their provider are stopped there. Answers the batch after it. */
export const cancelBatch = protectedProcedure
  .meta({ scope: 'generate', openapi: { method: 'POST', path: '/batches/{id}/cancel', tags: ['Generations'], summary: 'Cancel a batch', description: 'Every item not yet started is canceled and refunded, once however often this is sent; items already running are stopped at their provider and refunded as a single cancel is. Answers the batch.' } })
  .input(cancelBatchInput)
  .output(cancelBatchOutput)
  .mutation(({ ctx, input }) => cancelBatchOf(ctx.db, ctx.user.id, input.id));
