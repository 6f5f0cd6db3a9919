import { defaultsFor, getModel } from '~/catalogue';
import { quote } from '~/server/services/generation/pricing';
import { publicProcedure } from '~/server/trpc/procedures';
import { estimateInput, estimateOutput } from './estimate.schema';

/**
 * The cost and timing of an input, from the catalogue (1 credit when there is no model). It
 * prices incomplete forms too: the footer shows a price while the person is still typing.
 */
export const estimate = publicProcedure.input(estimateInput).output(estimateOutput).query(async ({ ctx, input }) => {
  const model = getModel(input.model_id ?? input.modelId ?? '');
  if (!model) return { credits: 1, waitSeconds: 0, estimatedSeconds: 60 };
  const premium = ctx.user ? ((await ctx.db.user.findUnique({ where: { id: ctx.user.id }, select: { premium: true } }))?.premium ?? false) : false;
  const values = { ...defaultsFor(model, typeof input.mode === 'string' ? input.mode : undefined), ...input };
  const { cost, waitSeconds, estimatedSeconds } = quote(model, values, premium);
  return { credits: cost, waitSeconds, estimatedSeconds };
});
