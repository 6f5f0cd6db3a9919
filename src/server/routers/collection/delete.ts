import { deleteCollection } from '~/server/services/creations/collections';
import { protectedProcedure } from '~/server/trpc/procedures';
import { deleteInput, deleteOutput } from './delete.schema';

/** Deletes one of the caller's collections (never its creations). */
export const remove = protectedProcedure
  .input(deleteInput)
  .output(deleteOutput)
  .mutation(({ ctx, input }) => deleteCollection(ctx.db, ctx.user.id, input.id));
