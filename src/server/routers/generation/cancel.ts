import { cancelGeneration } from '~/server/services/generation/cancel';
import { getBalance } from '~/server/services/credits/ledger';
import { protectedProcedure } from '~/server/trpc/procedures';
import { cancelInput, cancelOutput } from './cancel.schema';

export const cancel = protectedProcedure
  .meta({ scope: 'generate', openapi: { method: 'POST', path: '/generations/{id}/cancel', tags: ['Generations'], summary: 'Cancel a running generation', description: 'Stops the job and refunds its credits; a canceled generation reads as failed.' } })
  .input(cancelInput)
  .output(cancelOutput)
  .mutation(async ({ ctx, input }) => {
    await cancelGeneration(ctx.db, ctx.user.id, input.id);
    return { id: input.id, status: 'failed' as const, user_credits: await getBalance(ctx.db, ctx.user.id) };
  });
