import { refundPurchaseFromConsole } from '~/server/services/staff/payments';
import { adminProcedure } from '~/server/trpc/procedures';
import { refundPurchaseInput, refundPurchaseOutput } from './refund-purchase.schema';

/** Refunds what is left of a purchase at the payment provider; the webhook takes the credits back, once. */
export const refundPurchase = adminProcedure
  .input(refundPurchaseInput)
  .output(refundPurchaseOutput)
  .mutation(({ ctx, input }) => refundPurchaseFromConsole(ctx.db, ctx.staff.user, input));
