import { getModel } from '~/catalogue';
import { runSyncGeneration } from '~/server/services/generation/sync';
import { submitGeneration } from '~/server/services/generation/submit';
import { publicProcedure } from '~/server/trpc/procedures';
import { submitInput, submitOutput } from './submit.schema';

/**
 * Submit a generation (core-flow §4). Public on purpose: the maintenance check comes before the
 * sign-in check in the spec's order, so the service checks both itself.
 */
export const submit = publicProcedure.input(submitInput).output(submitOutput).mutation(async ({ ctx, input }) => {
  const model = getModel(input.model_id ?? input.modelId ?? '');
  if (model?.sync) {
    const result = await runSyncGeneration(ctx.db, ctx.user?.id ?? null, input);
    return { id: result.id, status: result.prediction.status, outputNum: result.prediction.outputNum, user_credits: result.user_credits, text: result.text, prediction: result.prediction };
  }
  const result = await submitGeneration(ctx.db, ctx.user?.id ?? null, input);
  return { ...result, text: null };
});
