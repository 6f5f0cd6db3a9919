import { z } from 'zod';
import { inputText } from '~/catalogue';
import { deleteGenerations } from '~/server/services/generation/delete';
import { protectedProcedure } from '~/server/trpc/procedures';
import { deleteManyInput } from './list.schema';

/** Removes one of the caller's creations and its files (no refund: the work was done). */
export const remove = protectedProcedure.input(z.object({ id: inputText.min(1).max(64) })).mutation(async ({ ctx, input }) => {
  await deleteGenerations(ctx.db, ctx.user.id, [input.id]);
  return { id: input.id, deleted: true };
});

/** Removes several of the caller's creations at once (the /creations selection): all or none. */
export const removeMany = protectedProcedure.input(deleteManyInput).mutation(async ({ ctx, input }) => {
  const deleted = await deleteGenerations(ctx.db, ctx.user.id, input.ids);
  return { ids: input.ids, deleted };
});
