import { defaultsFor, getModel } from '~/catalogue';
import { quote } from '~/server/services/generation/pricing';
import { validatedFormInput } from '~/server/services/generation/request';
import { publicProcedure } from '~/server/trpc/procedures';
import { estimateInput, estimateOutput } from './estimate.schema';

/**
 * The cost and timing of an input, from the catalogue (1 credit when there is no model). It
 * prices incomplete forms too: the footer shows a price while the person is still typing; a field
 * that is there but out of its bounds is refused as submit and check refuse it.
 */
export const estimate = publicProcedure.input(estimateInput).output(estimateOutput).query(async ({ ctx, input }) => {
  const model = getModel(input.model_id ?? input.modelId ?? '');
  if (!model) return { credits: 1, waitSeconds: 0, estimatedSeconds: 60 };
  const premium = ctx.user ? ((await ctx.db.user.findUnique({ where: { id: ctx.user.id }, select: { premium: true } }))?.premium ?? false) : false;
  // Each field held to its rule first (a duration of 1e308 priced as Infinity credits was a 500).
  const form = validatedFormInput(model, input);
  const values = { ...defaultsFor(model, typeof form.mode === 'string' ? form.mode : undefined), ...form };
  const { cost, waitSeconds, estimatedSeconds } = quote(model, values, premium);
  return { credits: cost, waitSeconds, estimatedSeconds };
});
