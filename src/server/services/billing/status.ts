/** The caller's plan for Account → Billing and /pricing ("Your plan", renewal or end date). */
import { getEnv } from '~/env';
import type { Db } from '~/server/db/client';
import { expireLapsedPremium } from './premium';

export async function billingStatus(db: Db, userId: string) {
  const now = new Date();
  // Premium whose time is up ends before anyone is told it is on (the minute sweep may not have run).
  const lapsed = await db.billingSubscription.count({ where: { userId, premium: true, premiumUntil: { lte: now } } });
  if (lapsed > 0) await expireLapsedPremium(db, now);
  const [user, subscription, localObjects] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { premium: true, stripeCustomerId: true } }),
    // The one that matters: the newest that still gives premium, else the newest.
    db.billingSubscription.findFirst({ where: { userId }, orderBy: [{ premium: 'desc' }, { createdAt: 'desc' }] }),
    getEnv().checkout === 'local' ? db.localPaymentObject.count({ where: { userId, type: 'subscription' } }) : Promise.resolve(0),
  ]);
  return {
    premium: user.premium,
    subscription: subscription
      ? { status: subscription.status, cancelAtPeriodEnd: subscription.cancelAtPeriodEnd, currentPeriodEnd: subscription.currentPeriodEnd, premiumUntil: subscription.premiumUntil }
      : null,
    hasCustomer: Boolean(user.stripeCustomerId) || localObjects > 0,
  };
}
