import { setPremiumByHand } from '~/server/services/staff/user-actions';
import { adminProcedure } from '~/server/trpc/procedures';
import { setPremiumInput, setPremiumOutput } from './set-premium.schema';

/** Gives or takes premium by hand (beside any subscription's). */
export const setPremium = adminProcedure
  .input(setPremiumInput)
  .output(setPremiumOutput)
  .mutation(async ({ ctx, input }) => ({ repeated: (await setPremiumByHand(ctx.db, ctx.staff.user, input)).repeated }));
