import { checkGeneration } from '~/server/services/generation/check';
import { publicProcedure } from '~/server/trpc/procedures';
import { checkSyncInput, checkSyncOutput } from './check-sync.schema';

/** The synchronous handler's credit check: the same, for synchronous models only. */
export const checkSync = publicProcedure
  .meta({ scope: 'generate' })
  .input(checkSyncInput)
  .output(checkSyncOutput)
  .mutation(({ ctx, input }) => checkGeneration(ctx.db, ctx.user?.id ?? null, input, { skipCreditCheck: input.skip_credit_check, kind: 'sync' }));
