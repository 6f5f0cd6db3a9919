import { payLocalSession } from '~/server/services/billing/local-checkout';
import { protectedProcedure } from '~/server/trpc/procedures';
import { localPayInput, localPayOutput } from './local-pay.schema';

/**
 * Pay on the local checkout: a provider-shaped event, signed with the local secret, goes through
 * the same webhook handler and ledger door as a real payment's.
 */
export const localPay = protectedProcedure
  .input(localPayInput)
  .output(localPayOutput)
  .mutation(({ ctx, input }) => payLocalSession(ctx.db, ctx.user.id, input.sessionId));
