import { removeFromCollection } from '~/server/services/creations/collections';
import { protectedProcedure } from '~/server/trpc/procedures';
import { removeInput, removeOutput } from './remove.schema';

/** Takes creations out of one of the caller's collections (they stay in My creations). */
export const removeItems = protectedProcedure
  .input(removeInput)
  .output(removeOutput)
  .mutation(({ ctx, input }) => removeFromCollection(ctx.db, ctx.user.id, input.id, input.generationIds));
