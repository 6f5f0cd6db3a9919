import { deleteCallbackEndpoint } from '~/server/services/callbacks/endpoints';
import { protectedProcedure } from '~/server/trpc/procedures';
import { removeInput, removeOutput } from './remove.schema';

/** Deletes one of the caller's endpoints; nothing more is sent to it. */
export const remove = protectedProcedure
  .input(removeInput)
  .output(removeOutput)
  .mutation(async ({ ctx, input }) => {
    await deleteCallbackEndpoint(ctx.db, ctx.user.id, input.id);
    return { removed: true as const };
  });
