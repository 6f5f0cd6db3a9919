import { deleteGenerations } from '~/server/services/generation/delete';
import { protectedProcedure } from '~/server/trpc/procedures';
import { deleteManyInput, deleteManyOutput } from './delete-many.schema';

/** Removes several of the caller's creations at once (the /creations selection): all or none. */
export const deleteMany = protectedProcedure
  .input(deleteManyInput)
  .output(deleteManyOutput)
  .mutation(async ({ ctx, input }) => {
    const deleted = await deleteGenerations(ctx.db, ctx.user.id, input.ids);
    return { ids: input.ids, deleted };
  });
