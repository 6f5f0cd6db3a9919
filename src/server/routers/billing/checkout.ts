import { startCheckout } from '~/server/services/billing/checkout';
import { protectedProcedure } from '~/server/trpc/procedures';
import { checkoutInput, checkoutOutput } from './checkout.schema';

/** Starts paying for a pack or the plan (refused in maintenance; 503 when purchases are off). */
export const checkout = protectedProcedure
  .input(checkoutInput)
  .output(checkoutOutput)
  .mutation(({ ctx, input }) => startCheckout(ctx.db, ctx.user.id, input.item));
