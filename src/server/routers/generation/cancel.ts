import { z } from 'zod';
import { inputText } from '~/catalogue';
import { cancelGeneration } from '~/server/services/generation/cancel';
import { getBalance } from '~/server/services/credits/ledger';
import { protectedProcedure } from '~/server/trpc/procedures';

export const cancel = protectedProcedure.input(z.object({ id: inputText.min(1).max(64) })).mutation(async ({ ctx, input }) => {
  await cancelGeneration(ctx.db, ctx.user.id, input.id);
  return { id: input.id, status: 'failed' as const, user_credits: await getBalance(ctx.db, ctx.user.id) };
});
