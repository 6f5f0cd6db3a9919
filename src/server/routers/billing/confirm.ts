import { confirmCheckout } from '~/server/services/billing/confirm';
import { protectedProcedure } from '~/server/trpc/procedures';
import { confirmInput, confirmOutput } from './confirm.schema';

/**
 * /billing/success: the same idempotent grant the webhook makes, from the session read back from
 * the provider (credits appear before the webhook arrives). Not blocked by maintenance: it only
 * grants what was paid.
 */
export const confirm = protectedProcedure
  .input(confirmInput)
  .output(confirmOutput)
  .mutation(({ ctx, input }) => confirmCheckout(ctx.db, ctx.user.id, input.sessionId));
