import { reconcileFromConsole } from '~/server/services/staff/payments';
import { adminProcedure } from '~/server/trpc/procedures';
import { reconcilePaymentsInput, reconcilePaymentsOutput } from './reconcile-payments.schema';

/** Reconciles the last N days of payments with the provider: the same code as `npm run billing:reconcile`. */
export const reconcilePayments = adminProcedure
  .input(reconcilePaymentsInput)
  .output(reconcilePaymentsOutput)
  .mutation(({ ctx, input }) => reconcileFromConsole(ctx.db, ctx.staff.user, input));
