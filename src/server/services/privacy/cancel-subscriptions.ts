/**
 * Before an account is deleted, each of its subscriptions that could still charge is ended at the
 * provider (Stripe, or the local checkout). A provider that cannot be reached stops the deletion
 * before anything is deleted, with a message that says why: nobody is left paying for an account
 * that no longer exists.
 */
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { gatewayFor } from '~/server/services/billing/gateway';

/** Statuses after which a subscription never charges again. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

export const SUBSCRIPTION_CANCEL_FAILED = 'Your subscription could not be cancelled at the payment provider, so nothing was deleted. Please try again in a few minutes.';

export async function cancelSubscriptionsOf(db: Db, userId: string): Promise<number> {
  const subscriptions = await db.billingSubscription.findMany({ where: { userId }, select: { id: true, status: true } });
  let canceled = 0;
  for (const row of subscriptions) {
    if (ENDED.has(row.status)) continue;
    try {
      const gateway = gatewayFor(db, row.id);
      const current = await gateway.retrieveSubscription(row.id);
      if (ENDED.has(current.status)) continue;
      await gateway.cancelSubscription(row.id);
      canceled += 1;
    } catch (error) {
      console.error(`[privacy] cancelling subscription ${row.id} failed:`, error instanceof Error ? error.message : error);
      throw new AppError('provider_error', SUBSCRIPTION_CANCEL_FAILED, { details: { reason: 'subscription_cancel_failed' } });
    }
  }
  return canceled;
}
