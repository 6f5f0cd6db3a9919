import { billingStatus } from '~/server/services/billing/status';
import { protectedProcedure } from '~/server/trpc/procedures';
import { statusOutput } from './status.schema';

/** The caller's plan: premium, their subscription as last read back, and whether they have a customer. */
export const status = protectedProcedure.output(statusOutput).query(({ ctx }) => billingStatus(ctx.db, ctx.user.id));
