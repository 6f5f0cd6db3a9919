import { creationsPage } from '~/server/services/creations/page';
import { protectedProcedure } from '~/server/trpc/procedures';
import { listInput, listOutput } from './list.schema';

/** The caller's creations, filtered and searched, newest (or oldest) first, cursor-paginated. */
export const list = protectedProcedure
  .meta({ scope: 'read', openapi: { method: 'GET', path: '/generations', tags: ['Generations'], summary: 'List your generations', description: 'Newest first (sort=oldest for the other way), filtered and searched; pass nextCursor as cursor for the next page.' } })
  .input(listInput)
  .output(listOutput)
  .query(({ ctx, input }) => creationsPage(ctx.db, ctx.user.id, input));
