import { listCreations } from '~/server/services/creations/list';
import { mapPage } from '~/server/services/paging/cursor-page';
import { toPrediction } from '~/server/services/generation/present';
import { protectedProcedure } from '~/server/trpc/procedures';
import { listInput, listOutput } from './list.schema';

/** The caller's creations, filtered and searched, newest (or oldest) first, cursor-paginated. */
export const list = protectedProcedure
  .meta({ scope: 'read', openapi: { method: 'GET', path: '/generations', tags: ['Generations'], summary: 'List your generations', description: 'Newest first (sort=oldest for the other way), filtered and searched; pass nextCursor as cursor for the next page.' } })
  .input(listInput)
  .output(listOutput)
  .query(async ({ ctx, input }) => {
    const page = await listCreations(ctx.db, ctx.user.id, input);
    return mapPage(page, (row) => ({ ...toPrediction(row, ctx.user.id), starred: row.starred, promptHidden: row.promptHidden }));
  });
