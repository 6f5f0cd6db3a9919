import { listAllSubscriptions } from '~/server/services/staff/payments';
import { supportProcedure } from '~/server/trpc/procedures';
import { subscriptionsInput, subscriptionsOutput } from './subscriptions.schema';

/** Every subscription, newest first, by status, each with its Stripe object's address. */
export const subscriptions = supportProcedure
  .input(subscriptionsInput)
  .output(subscriptionsOutput)
  .query(({ ctx, input: { limit, cursor, status } }) => listAllSubscriptions(ctx.db, { status }, { limit, cursor }));
