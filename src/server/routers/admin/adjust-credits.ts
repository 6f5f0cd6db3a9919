import { adjustCredits as adjust } from '~/server/services/staff/user-actions';
import { adminProcedure } from '~/server/trpc/procedures';
import { adjustCreditsInput, adjustCreditsOutput } from './adjust-credits.schema';

/** Grants or deducts credits through the ledger, once per form. */
export const adjustCredits = adminProcedure
  .input(adjustCreditsInput)
  .output(adjustCreditsOutput)
  .mutation(async ({ ctx, input }) => {
    const outcome = await adjust(ctx.db, ctx.staff.user, input);
    return outcome.repeated ? { repeated: true, balance: null } : { repeated: false, balance: outcome.result.balance };
  });
