import { submitBatch as submitBatchThroughDoor } from '~/server/services/generation/submit';
import { publicProcedure } from '~/server/trpc/procedures';
import { idempotencyKeyHeader } from './submit.schema';
import { submitBatchInput, submitBatchOutput } from './submit-batch.schema';

/**
 * Submit a batch: many generations of one model, admitted and paid in one go (all or nothing).
 * Public for the same reason as submit: maintenance is answered before sign-in. POST
 * /api/unigen/batch runs this procedure too.
 */
export const submitBatch = publicProcedure
  .meta({
    scope: 'generate',
    openapi: {
      method: 'POST',
      path: '/batches',
      tags: ['Generations'],
      summary: 'Submit a batch',
      description:
        'One generation per prompt (up to 50) and per variation (1–16 seeds of each), the rest of the body applying to every item. The whole batch is checked and paid at once or refused with nothing charged (402 with the total when the balance cannot cover it). An Idempotency-Key header keys the whole batch. Callbacks: each item sends its own generation.* events, as a single generation does; read GET /batches/{id} for the batch as a whole.',
      requestHeaders: idempotencyKeyHeader,
    },
  })
  .input(submitBatchInput)
  .output(submitBatchOutput)
  .mutation(({ ctx, input }) => submitBatchThroughDoor(ctx.db, ctx.user?.id ?? null, input, { apiKey: ctx.apiKey ?? null }));
