import { checkGeneration } from '~/server/services/generation/check';
import { assertSyncModel } from '~/server/services/generation/sync';
import { publicProcedure } from '~/server/trpc/procedures';
import { checkSyncInput, checkSyncOutput } from './check-sync.schema';

/** The synchronous handler's credit check: the same, for synchronous models only. */
export const checkSync = publicProcedure
  .input(checkSyncInput)
  .output(checkSyncOutput)
  .mutation(({ ctx, input }) => {
    assertSyncModel(input, ctx.user?.id ?? null);
    return checkGeneration(ctx.db, ctx.user?.id ?? null, input, { skipCreditCheck: input.skip_credit_check });
  });
