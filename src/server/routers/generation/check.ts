import { checkGeneration } from '~/server/services/generation/check';
import { publicProcedure } from '~/server/trpc/procedures';
import { checkInput, checkOutput } from './check.schema';

/** core-flow §5 step 5: maintenance, sign-in, the model's validation, then cost vs balance. */
export const check = publicProcedure
  .meta({ scope: 'generate' })
  .input(checkInput)
  .output(checkOutput)
  .mutation(({ ctx, input }) => checkGeneration(ctx.db, ctx.user?.id ?? null, input, { skipCreditCheck: input.skip_credit_check }));
