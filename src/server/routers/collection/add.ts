import { addToCollection } from '~/server/services/creations/collections';
import { protectedProcedure } from '~/server/trpc/procedures';
import { addInput, addOutput } from './add.schema';

/** Puts one or many of the caller's creations in one of their collections. */
export const add = protectedProcedure
  .input(addInput)
  .output(addOutput)
  .mutation(({ ctx, input }) => addToCollection(ctx.db, ctx.user.id, input.id, input.generationIds));
