/**
 * Premium follows the plan's subscription as read back from the provider:
 *
 *   active, trialing        → on (until the period's end when cancelled at period end)
 *   past_due                → on for PAST_DUE_GRACE_MS from when we first saw it past due, then off
 *   canceled, unpaid, incomplete, incomplete_expired, paused, anything else → off
 *
 * A subscription row keeps its own premium and until-when; the user's premium flag is then the
 * OR of their subscriptions and of premium staff gave by hand (User.manualPremium, until its end
 * when it has one), read by every premium rule in the studio. Time-bounded premium ends by
 * expireLapsedPremium (the server's minute sweep, the status read and the reconcile command).
 */
import type { Db } from '~/server/db/client';
import type { BillingTx } from './tx';
import type { SubscriptionFacts } from './shapes';

/** How long a subscription whose renewal failed keeps premium while the provider retries the card. */
export const PAST_DUE_GRACE_MS = 3 * 24 * 60 * 60 * 1000;

type PremiumState = { premium: boolean; premiumUntil: Date | null; pastDueSince: Date | null };

export function periodEndOf(subscription: SubscriptionFacts): Date {
  const ends = subscription.items.data.map((item) => item.current_period_end);
  return new Date(Math.max(0, ...ends) * 1000);
}

export function premiumStateOf(subscription: SubscriptionFacts, previousPastDueSince: Date | null, now: Date): PremiumState {
  const periodEnd = periodEndOf(subscription);
  switch (subscription.status) {
    case 'active':
    case 'trialing': {
      const endsAt = subscription.cancel_at_period_end ? periodEnd : subscription.cancel_at ? new Date(subscription.cancel_at * 1000) : null;
      return { premium: endsAt === null || endsAt > now, premiumUntil: endsAt, pastDueSince: null };
    }
    case 'past_due': {
      const since = previousPastDueSince ?? now;
      const until = new Date(since.getTime() + PAST_DUE_GRACE_MS);
      return { premium: until > now, premiumUntil: until, pastDueSince: since };
    }
    default:
      return { premium: false, premiumUntil: null, pastDueSince: null };
  }
}

/** Records the subscription as read back and sets its owner's premium; true when premium is now on. */
export async function applySubscription(tx: BillingTx, userId: string, subscription: SubscriptionFacts, now = new Date()): Promise<boolean> {
  const previous = await tx.billingSubscription.findUnique({ where: { id: subscription.id }, select: { pastDueSince: true } });
  const state = premiumStateOf(subscription, previous?.pastDueSince ?? null, now);
  const fields = {
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodEnd: periodEndOf(subscription),
    ...state,
  };
  await tx.billingSubscription.upsert({ where: { id: subscription.id }, create: { id: subscription.id, userId, ...fields }, update: fields });
  return refreshUserPremium(tx, userId, now);
}

/** The user's premium flag from their subscriptions and premium given by hand; true when on. */
export async function refreshUserPremium(tx: BillingTx, userId: string, now: Date): Promise<boolean> {
  const [giving, byHand] = await Promise.all([
    tx.billingSubscription.count({ where: { userId, premium: true, OR: [{ premiumUntil: null }, { premiumUntil: { gt: now } }] } }),
    tx.user.count({ where: { id: userId, manualPremium: true, OR: [{ manualPremiumUntil: null }, { manualPremiumUntil: { gt: now } }] } }),
  ]);
  const premium = giving > 0 || byHand > 0;
  await tx.user.updateMany({ where: { id: userId }, data: { premium } });
  return premium;
}

/**
 * Ends premium whose time is up (cancelled at period end, past due beyond the grace, given by hand
 * until a date); the users whose premium ended.
 */
export async function expireLapsedPremium(db: Db, now = new Date()): Promise<string[]> {
  const lapsed = await db.billingSubscription.findMany({ where: { premium: true, premiumUntil: { lte: now } }, select: { id: true, userId: true } });
  const ended: string[] = [];
  for (const row of lapsed) {
    const stillOn = await db.$transaction(async (tx) => {
      await tx.billingSubscription.updateMany({ where: { id: row.id, premium: true, premiumUntil: { lte: now } }, data: { premium: false } });
      return refreshUserPremium(tx, row.userId, now);
    });
    if (!stillOn) ended.push(row.userId);
  }
  const byHand = await db.user.findMany({ where: { manualPremium: true, manualPremiumUntil: { lte: now } }, select: { id: true } });
  for (const row of byHand) {
    const stillOn = await db.$transaction(async (tx) => {
      await tx.user.updateMany({ where: { id: row.id, manualPremium: true, manualPremiumUntil: { lte: now } }, data: { manualPremium: false } });
      return refreshUserPremium(tx, row.id, now);
    });
    if (!stillOn) ended.push(row.id);
  }
  return ended;
}
