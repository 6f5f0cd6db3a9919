import { setStar } from '~/server/services/creations/stars';
import { protectedProcedure } from '~/server/trpc/procedures';
import { starInput, starOutput } from './star.schema';

/** Stars or unstars one of the caller's creations. */
export const star = protectedProcedure
  .input(starInput)
  .output(starOutput)
  .mutation(({ ctx, input }) => setStar(ctx.db, ctx.user.id, input.id, input.starred));
