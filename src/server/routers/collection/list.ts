import { listCollections } from '~/server/services/creations/collections';
import { protectedProcedure } from '~/server/trpc/procedures';
import { listOutput } from './list.schema';

/** The caller's collections, each with how many of their creations it holds. */
export const list = protectedProcedure.output(listOutput).query(({ ctx }) => listCollections(ctx.db, ctx.user.id));
