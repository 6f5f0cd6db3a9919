import { recentBatches } from '~/server/services/generation/batch-read';
import { protectedProcedure } from '~/server/trpc/procedures';
import { batchesOutput } from './batches.schema';

/** The caller's recent batches (newest first), each with its items' ids and counts: how the queue panel and My creations group them. */
export const batches = protectedProcedure
  .meta({ scope: 'read', openapi: { method: 'GET', path: '/batches', tags: ['Generations'], summary: 'List recent batches', description: 'The 20 newest batches, each with its items\' ids and how many are done.' } })
  .output(batchesOutput)
  .query(async ({ ctx }) => ({ items: await recentBatches(ctx.db, ctx.user.id) }));
