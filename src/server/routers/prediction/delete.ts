import { z } from 'zod';
import { AppError } from '~/server/errors';
import { protectedProcedure } from '~/server/trpc/procedures';

/** Removes one of the caller's creations from every list (no refund: the work was done). */
export const remove = protectedProcedure.input(z.object({ id: z.string().min(1).max(64) })).mutation(async ({ ctx, input }) => {
  const changed = await ctx.db.generation.updateMany({
    where: { id: input.id, userId: ctx.user.id, deletedAt: null },
    data: { deletedAt: new Date() },
  });
  if (changed.count === 0) throw new AppError('not_found', 'Generation not found.');
  // Its files stop being served to anyone but the owner from now on.
  await ctx.db.storedObject.updateMany({ where: { generationId: input.id }, data: { isPrivate: true } });
  return { id: input.id, deleted: true };
});
