import { setSharing as changeSharing } from '~/server/services/creations/sharing';
import { protectedProcedure } from '~/server/trpc/procedures';
import { setSharingInput, setSharingOutput } from './set-sharing.schema';

/** Public or private (private: premium), prompt shown or hidden: the owner's say over a creation's share page. */
export const setSharing = protectedProcedure
  .input(setSharingInput)
  .output(setSharingOutput)
  .mutation(({ ctx, input }) => changeSharing(ctx.db, ctx.user.id, input.id, { isPublic: input.isPublic, promptHidden: input.promptHidden }));
