import { toPrediction } from '~/server/services/generation/present';
import { premiumProcedure } from '~/server/trpc/procedures';
import { recentInput, recentOutput } from './recent.schema';

/** Recent creations widget (core-flow §2, §6: premium users): default 12, the generator asks for 6. */
export const recent = premiumProcedure
  .input(recentInput)
  .output(recentOutput)
  .query(async ({ ctx, input }) => {
    const rows = await ctx.db.generation.findMany({
      where: { userId: ctx.user.id, deletedAt: null },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: input.limit,
    });
    return rows.map((row) => toPrediction(row, ctx.user.id));
  });
