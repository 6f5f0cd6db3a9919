import { listCreations } from '~/server/services/creations/list';
import { mapPage } from '~/server/services/paging/cursor-page';
import { toPrediction } from '~/server/services/generation/present';
import { protectedProcedure } from '~/server/trpc/procedures';
import { listInput, listOutput } from './list.schema';

/** The caller's creations, filtered and searched, newest (or oldest) first, cursor-paginated. */
export const list = protectedProcedure
  .input(listInput)
  .output(listOutput)
  .query(async ({ ctx, input }) => {
    const page = await listCreations(ctx.db, ctx.user.id, input);
    return mapPage(page, (row) => ({ ...toPrediction(row, ctx.user.id), starred: row.starred, promptHidden: row.promptHidden }));
  });
