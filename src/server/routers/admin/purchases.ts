import { listAllPurchases } from '~/server/services/staff/payments';
import { supportProcedure } from '~/server/trpc/procedures';
import { purchasesInput, purchasesOutput } from './purchases.schema';

/** Every purchase, newest first, by status, each with its Stripe object's address. */
export const purchases = supportProcedure
  .input(purchasesInput)
  .output(purchasesOutput)
  .query(({ ctx, input: { limit, cursor, status } }) => listAllPurchases(ctx.db, { status }, { limit, cursor }));
