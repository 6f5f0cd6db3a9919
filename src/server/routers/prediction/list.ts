import type { Prisma } from '~/server/db/generated/client';
import { toPrediction } from '~/server/services/generation/present';
import { INTERNAL_BY_FILTER } from '~/server/services/generation/statuses';
import { protectedProcedure } from '~/server/trpc/procedures';
import { listInput, listOutput } from './list.schema';

/** The caller's creations, newest first, cursor-paginated, filtered by output type, status and model. */
export const list = protectedProcedure
  .input(listInput)
  .output(listOutput)
  .query(async ({ ctx, input }) => {
    const where: Prisma.GenerationWhereInput = {
      userId: ctx.user.id,
      deletedAt: null,
      ...(input.type ? { outputType: input.type } : {}),
      ...(input.status ? { status: { in: [...INTERNAL_BY_FILTER[input.status]] } } : {}),
      ...(input.modelId ? { modelId: input.modelId } : {}),
    };
    const rows = await ctx.db.generation.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: input.limit + 1,
      // The cursor must be one of the caller's own rows: anyone else's id is as unknown as a made-up one.
      ...(input.cursor ? { cursor: { id: input.cursor, userId: ctx.user.id }, skip: 1 } : {}),
    });
    const hasMore = rows.length > input.limit;
    const items = (hasMore ? rows.slice(0, input.limit) : rows).map((row) => toPrediction(row, ctx.user.id));
    return { items, nextCursor: hasMore ? (items[items.length - 1]?.id ?? null) : null };
  });
