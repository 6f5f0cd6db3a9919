import { renameCollection } from '~/server/services/creations/collections';
import { protectedProcedure } from '~/server/trpc/procedures';
import { renameInput, renameOutput } from './rename.schema';

/** Renames one of the caller's collections. */
export const rename = protectedProcedure
  .input(renameInput)
  .output(renameOutput)
  .mutation(({ ctx, input }) => renameCollection(ctx.db, ctx.user.id, input.id, input.name));
