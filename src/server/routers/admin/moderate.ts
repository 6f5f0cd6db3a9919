import { decideOnCreation } from '~/server/services/moderation/decisions';
import { supportProcedure } from '~/server/trpc/procedures';
import { moderateInput, moderateOutput } from './moderate.schema';

/** Approve, take down or restore a creation, once per form and on the record. */
export const moderate = supportProcedure
  .input(moderateInput)
  .output(moderateOutput)
  .mutation(async ({ ctx, input }) => ({ repeated: (await decideOnCreation(ctx.db, ctx.staff.user, input)).repeated }));
