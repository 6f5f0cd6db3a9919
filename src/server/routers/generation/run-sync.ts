import { runSyncGeneration } from '~/server/services/generation/submit';
import { publicProcedure } from '~/server/trpc/procedures';
import { runSyncInput, runSyncOutput } from './run-sync.schema';

/** The synchronous handler: returns id, text and user_credits; refuses asynchronous models. */
export const runSync = publicProcedure
  .meta({ scope: 'generate' })
  .input(runSyncInput)
  .output(runSyncOutput)
  .mutation(({ ctx, input }) => runSyncGeneration(ctx.db, ctx.user?.id ?? null, input, { apiKey: ctx.apiKey ?? null }));
