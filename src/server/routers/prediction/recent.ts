import { listRecentCreations } from '~/server/services/generation/recent';
import { premiumProcedure } from '~/server/trpc/procedures';
import { recentInput, recentOutput } from './recent.schema';

/** Recent creations widget (core-flow §2, §6: premium users): default 12, the generator asks for 6. */
export const recent = premiumProcedure
  .meta({ scope: 'read' })
  .input(recentInput)
  .output(recentOutput)
  .query(({ ctx, input }) => listRecentCreations(ctx.db, ctx.user.id, input.limit));
