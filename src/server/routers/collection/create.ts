import { createCollection } from '~/server/services/creations/collections';
import { protectedProcedure } from '~/server/trpc/procedures';
import { createInput, createOutput } from './create.schema';

/** A new, empty collection of the caller's. */
export const create = protectedProcedure
  .input(createInput)
  .output(createOutput)
  .mutation(({ ctx, input }) => createCollection(ctx.db, ctx.user.id, input.name));
