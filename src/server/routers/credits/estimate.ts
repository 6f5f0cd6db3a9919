import { estimateGeneration } from '~/server/services/generation/estimate';
import { publicProcedure } from '~/server/trpc/procedures';
import { estimateInput, estimateOutput } from './estimate.schema';

/** The cost and timing of an input, complete or not (the footer prices a form while it is filled in). */
export const estimate = publicProcedure
  .meta({ scope: 'read', openapi: { method: 'POST', path: '/estimate', tags: ['Credits'], summary: 'Price a generate request', description: 'The credits a request would cost and how long it would wait and run, without charging anything.', protect: false } })
  .input(estimateInput)
  .output(estimateOutput)
  .query(({ ctx, input }) => estimateGeneration(ctx.db, ctx.user?.id ?? null, input));
