import { nextStepsData } from '~/server/pages/next-steps';
import { publicProcedure } from '~/server/trpc/procedures';
import { nextStepsOutput } from './next-steps.schema';

/** Where a result can go next (image tools, FLUX for a prompt, each model's app), with prices. */
export const nextSteps = publicProcedure
  .meta({ scope: 'read' }).output(nextStepsOutput).query(() => nextStepsData());
