import { estimateGeneration } from '~/server/services/generation/estimate';
import { publicProcedure } from '~/server/trpc/procedures';
import { estimateInput, estimateOutput } from './estimate.schema';

/** The cost and timing of an input, complete or not (the footer prices a form while it is filled in). */
export const estimate = publicProcedure
  .input(estimateInput)
  .output(estimateOutput)
  .query(({ ctx, input }) => estimateGeneration(ctx.db, ctx.user?.id ?? null, input));
