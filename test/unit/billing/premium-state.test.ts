import { describe, expect, it } from 'vitest';
import { PAST_DUE_GRACE_MS, premiumStateOf } from '~/server/services/billing/premium';
import { subscriptionShape } from '~/server/services/billing/shapes';

const now = new Date('2026-11-26T12:00:00Z');
const end = Math.floor(new Date('2026-12-26T12:00:00Z').getTime() / 1000);

function subscription(status: string, extra: Record<string, unknown> = {}) {
  return subscriptionShape.parse({ id: 'sub_1', object: 'subscription', status, customer: 'cus_1', cancel_at_period_end: false, metadata: {}, items: { data: [{ current_period_end: end }] }, ...extra });
}

describe('premium from a subscription status', () => {
  it('active and trialing: on, with no end unless cancelled at period end', () => {
    expect(premiumStateOf(subscription('active'), null, now)).toEqual({ premium: true, premiumUntil: null, pastDueSince: null });
    expect(premiumStateOf(subscription('trialing'), null, now)).toEqual({ premium: true, premiumUntil: null, pastDueSince: null });
    expect(premiumStateOf(subscription('active', { cancel_at_period_end: true }), null, now)).toEqual({ premium: true, premiumUntil: new Date(end * 1000), pastDueSince: null });
  });

  it('past_due: on for the grace period from when it was first seen past due', () => {
    expect(premiumStateOf(subscription('past_due'), null, now)).toEqual({ premium: true, premiumUntil: new Date(now.getTime() + PAST_DUE_GRACE_MS), pastDueSince: now });
    const since = new Date(now.getTime() - PAST_DUE_GRACE_MS - 1);
    expect(premiumStateOf(subscription('past_due'), since, now)).toEqual({ premium: false, premiumUntil: new Date(since.getTime() + PAST_DUE_GRACE_MS), pastDueSince: since });
  });

  it('canceled, unpaid, incomplete, incomplete_expired, paused: off', () => {
    for (const status of ['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused']) {
      expect(premiumStateOf(subscription(status), null, now)).toEqual({ premium: false, premiumUntil: null, pastDueSince: null });
    }
  });
});
