/** Collections of one's own creations (issue 21): each procedure unpacks its input and calls one service. */
import {
  addToCollection,
  createCollection,
  deleteCollection,
  listCollections,
  removeFromCollection,
  renameCollection,
} from '~/server/services/creations/collections';
import { router } from '~/server/trpc/init';
import { protectedProcedure } from '~/server/trpc/procedures';
import {
  addOutput,
  collectionIdInput,
  createInput,
  createOutput,
  deleteOutput,
  listOutput,
  membersInput,
  removeOutput,
  renameInput,
  renameOutput,
} from './collection.schema';

export const collectionRouter = router({
  list: protectedProcedure.output(listOutput).query(({ ctx }) => listCollections(ctx.db, ctx.user.id)),
  create: protectedProcedure
    .input(createInput)
    .output(createOutput)
    .mutation(({ ctx, input }) => createCollection(ctx.db, ctx.user.id, input.name)),
  rename: protectedProcedure
    .input(renameInput)
    .output(renameOutput)
    .mutation(({ ctx, input }) => renameCollection(ctx.db, ctx.user.id, input.id, input.name)),
  delete: protectedProcedure
    .input(collectionIdInput)
    .output(deleteOutput)
    .mutation(({ ctx, input }) => deleteCollection(ctx.db, ctx.user.id, input.id)),
  add: protectedProcedure
    .input(membersInput)
    .output(addOutput)
    .mutation(({ ctx, input }) => addToCollection(ctx.db, ctx.user.id, input.id, input.generationIds)),
  remove: protectedProcedure
    .input(membersInput)
    .output(removeOutput)
    .mutation(({ ctx, input }) => removeFromCollection(ctx.db, ctx.user.id, input.id, input.generationIds)),
});
