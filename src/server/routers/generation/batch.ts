import { readBatch } from '~/server/services/generation/batch-read';
import { protectedProcedure } from '~/server/trpc/procedures';
import { batchInput, batchOutput } from './batch.schema';

/** One of the caller's batches with its items (their states and progress) and how many are done. */
export const batch = protectedProcedure
  .meta({ scope: 'read', openapi: { method: 'GET', path: '/batches/{id}', tags: ['Generations'], summary: 'Read a batch', description: 'The batch, how many of its items are done, and each item as GET /generations/{id} answers it.' } })
  .input(batchInput)
  .output(batchOutput)
  .query(({ ctx, input }) => readBatch(ctx.db, ctx.user.id, input.id));
