import { admit } from '~/server/services/generation/admission';
import { submitAdmitted } from '~/server/services/generation/submit';
import { completeAdmitted } from '~/server/services/generation/sync';
import type { InnerContext } from '~/server/trpc/context';
import { publicProcedure } from '~/server/trpc/procedures';
import { submitInput, submitOutput, type SubmitInput, type SubmitOutput } from './submit.schema';

/**
 * Submit a generation (core-flow §4). Public on purpose: the maintenance check comes before the
 * sign-in check in the spec's order, so the admission checks both itself. A synchronous model is
 * answered with its text; any other is queued. POST /api/unigen runs this procedure too.
 */
async function runSubmit(ctx: InnerContext, input: SubmitInput): Promise<SubmitOutput> {
  const admitted = await admit(ctx.db, ctx.user?.id ?? null, input);
  if (admitted.model.sync) {
    const result = await completeAdmitted(ctx.db, admitted, input);
    return { id: result.id, status: result.prediction.status, outputNum: result.prediction.outputNum, user_credits: result.user_credits, text: result.text, prediction: result.prediction };
  }
  return { ...(await submitAdmitted(ctx.db, admitted, input)), text: null };
}

export const submit = publicProcedure
  .input(submitInput)
  .output(submitOutput)
  .mutation(({ ctx, input }) => runSubmit(ctx, input));
