import { listPurchases } from '~/server/services/billing/purchases';
import { protectedProcedure } from '~/server/trpc/procedures';
import { purchasesInput, purchasesOutput } from './purchases.schema';

/** The caller's purchases, newest first, cursor-paginated. */
export const purchases = protectedProcedure
  .input(purchasesInput)
  .output(purchasesOutput)
  .query(({ ctx, input }) => listPurchases(ctx.db, ctx.user.id, input));
