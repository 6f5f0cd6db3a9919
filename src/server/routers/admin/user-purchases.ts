import { listPurchases } from '~/server/services/billing/purchases';
import { supportProcedure } from '~/server/trpc/procedures';
import { userPurchasesInput, userPurchasesOutput } from './user-purchases.schema';

/** A user's purchases, newest first, as they see them themselves (billing.purchases). */
export const userPurchases = supportProcedure
  .input(userPurchasesInput)
  .output(userPurchasesOutput)
  .query(({ ctx, input }) => listPurchases(ctx.db, input.userId, input));
