import type { z } from 'zod';
import type { Db } from '~/server/db/client';
import { listCreations } from '~/server/services/creations/list';
import { mapPage } from '~/server/services/paging/cursor-page';
import { toPrediction } from '~/server/services/generation/present';
import { protectedProcedure } from '~/server/trpc/procedures';
import { listInput, listOutput } from './list.schema';

/** One page of the owner's creations as the list answers it (the procedure's body, and its route's: server/http/list-query-routes.ts). */
export async function creationsPage(db: Db, ownerId: string, input: z.output<typeof listInput>): Promise<z.input<typeof listOutput>> {
  const page = await listCreations(db, ownerId, input);
  return mapPage(page, (row) => ({ ...toPrediction(row, ownerId), starred: row.starred, promptHidden: row.promptHidden }));
}

/** The caller's creations, filtered and searched, newest (or oldest) first, cursor-paginated. */
export const list = protectedProcedure
  .meta({ scope: 'read', openapi: { method: 'GET', path: '/generations', tags: ['Generations'], summary: 'List your generations', description: 'Newest first (sort=oldest for the other way), filtered and searched; pass nextCursor as cursor for the next page.' } })
  .input(listInput)
  .output(listOutput)
  .query(({ ctx, input }) => creationsPage(ctx.db, ctx.user.id, input));
