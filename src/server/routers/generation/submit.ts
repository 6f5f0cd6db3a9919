import { submitGeneration } from '~/server/services/generation/submit';
import { publicProcedure } from '~/server/trpc/procedures';
import { submitInput, submitOutput } from './submit.schema';

/**
 * Submit a generation (core-flow §4). Public on purpose: the maintenance check comes before the
 * sign-in check in the spec's order, so the admission checks both itself. A synchronous model is
 * answered with its text; any other is queued. POST /api/unigen runs this procedure too.
 */
export const submit = publicProcedure
  .input(submitInput)
  .output(submitOutput)
  .mutation(({ ctx, input }) => submitGeneration(ctx.db, ctx.user?.id ?? null, input));
