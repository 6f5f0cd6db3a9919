import { protectedProcedure } from '~/server/trpc/procedures';
import { historyInput, historyOutput } from './history.schema';

/** The caller's ledger rows, newest first, cursor-paginated. */
export const history = protectedProcedure.input(historyInput).output(historyOutput).query(async ({ ctx, input }) => {
  const rows = await ctx.db.creditLedgerEntry.findMany({
    where: { userId: ctx.user.id },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: input.limit + 1,
    // The cursor must be one of the caller's own rows: anyone else's id is as unknown as a made-up one.
    ...(input.cursor ? { cursor: { id: input.cursor, userId: ctx.user.id }, skip: 1 } : {}),
    select: { id: true, amount: true, balanceAfter: true, reason: true, note: true, generationId: true, createdAt: true },
  });
  const hasMore = rows.length > input.limit;
  const items = hasMore ? rows.slice(0, input.limit) : rows;
  return { items, nextCursor: hasMore ? items[items.length - 1]?.id ?? null : null };
});
