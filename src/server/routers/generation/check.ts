import { checkGeneration } from '~/server/services/generation/check';
import { assertSyncModel } from '~/server/services/generation/sync';
import { publicProcedure } from '~/server/trpc/procedures';
import { checkInput } from './request.schema';

/** core-flow §5 step 5: maintenance, sign-in, the model's validation, then cost vs balance. */
export const check = publicProcedure.input(checkInput).mutation(({ ctx, input }) =>
  checkGeneration(ctx.db, ctx.user?.id ?? null, input, { skipCreditCheck: input.skip_credit_check }),
);

/** The synchronous handler's credit check: the same, for synchronous models only. */
export const checkSync = publicProcedure.input(checkInput).mutation(({ ctx, input }) => {
  assertSyncModel(input, ctx.user?.id ?? null);
  return checkGeneration(ctx.db, ctx.user?.id ?? null, input, { skipCreditCheck: input.skip_credit_check });
});
