import { deleteGenerations } from '~/server/services/generation/delete';
import { protectedProcedure } from '~/server/trpc/procedures';
import { deleteInput, deleteOutput } from './delete.schema';

/** Removes one of the caller's creations and its files (no refund: the work was done). */
export const remove = protectedProcedure
  .input(deleteInput)
  .output(deleteOutput)
  .mutation(async ({ ctx, input }) => {
    await deleteGenerations(ctx.db, ctx.user.id, [input.id]);
    return { id: input.id, deleted: true as const };
  });
