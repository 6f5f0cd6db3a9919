import { z } from 'zod';
import { inputText } from '~/catalogue';
import { deleteGeneration } from '~/server/services/generation/delete';
import { protectedProcedure } from '~/server/trpc/procedures';

/** Removes one of the caller's creations and its files (no refund: the work was done). */
export const remove = protectedProcedure.input(z.object({ id: inputText.min(1).max(64) })).mutation(async ({ ctx, input }) => {
  await deleteGeneration(ctx.db, ctx.user.id, input.id);
  return { id: input.id, deleted: true };
});
