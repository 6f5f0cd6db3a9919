/**
 * The premium plan: each paid invoice (first and renewals) gives the monthly credits once, and
 * premium follows the subscription's status as read back from Stripe at every step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireLapsedPremium, PAST_DUE_GRACE_MS } from '~/server/services/billing/premium';
import { startBillingStudio, type BillingStudio } from '@test/helpers/billing';
import type { StudioUser } from '@test/helpers/studio';

let billing: BillingStudio;

beforeAll(async () => {
  billing = await startBillingStudio();
});

afterAll(async () => {
  await billing?.stop();
});

type Json = Record<string, unknown>;

async function subscribed(): Promise<{ user: StudioUser; subscriptionId: string; sessionId: string; invoice: Json }> {
  const { studio, stripe } = billing;
  const user = await studio.createUser({ credits: 10 });
  const { sessionId } = await billing.checkout(user, 'premium-monthly');
  const paid = stripe.pay(sessionId);
  return { user, sessionId, subscriptionId: paid.subscription!.id as string, invoice: paid.invoice! };
}

async function premiumOf(user: StudioUser): Promise<boolean> {
  return (await billing.studio.caller(user).user.details()).premium;
}

function periodEnd(subscription: Json): Date {
  return new Date(((subscription.items as { data: { current_period_end: number }[] }).data[0]!.current_period_end) * 1000);
}

describe('the premium plan', () => {
  it('a new subscription: the first invoice gives the monthly credits once and premium turns on', async () => {
    const { studio, stripe } = billing;
    const { user, sessionId, subscriptionId, invoice } = await subscribed();
    const session = stripe.session(sessionId);
    expect(session).toMatchObject({ mode: 'subscription', client_reference_id: user.id, metadata: { userId: user.id, item: 'premium-monthly' }, amount_total: 1200 });
    const subscription = stripe.subscription(subscriptionId);
    expect(subscription.metadata).toEqual({ userId: user.id, item: 'premium-monthly' });
    expect(await premiumOf(user)).toBe(false);
    const answers = [
      await stripe.send(stripe.event('checkout.session.completed', session)),
      await stripe.send(stripe.event('customer.subscription.created', subscription)),
      await stripe.send(stripe.event('invoice.paid', invoice)),
    ];
    expect(answers.map((a) => [a.status, a.body.outcome])).toEqual([
      [200, 'granted'],
      [200, 'premium_on'],
      [200, 'already_granted'],
    ]);
    expect(await studio.balance(user)).toBe(1010);
    expect(await premiumOf(user)).toBe(true);
    expect(await studio.caller(user).billing.status()).toEqual({
      premium: true,
      subscription: { status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: periodEnd(subscription), premiumUntil: null },
      hasCustomer: true,
    });
    // The success page afterwards says granted and grants nothing more.
    expect(await studio.caller(user).billing.confirm({ sessionId })).toEqual({ state: 'granted', credits: 1000, balance: 1010, item: 'premium-monthly' });
    const purchases = (await studio.caller(user).billing.purchases({})).items;
    expect(purchases).toEqual([
      expect.objectContaining({ id: invoice.id, kind: 'plan', item: 'premium-monthly', credits: 1000, amount: 1200, currency: 'usd', status: 'paid', receiptUrl: invoice.hosted_invoice_url }),
    ]);
    // Premium unlocks the premium-only procedures.
    await expect(studio.caller(user).prediction.recent({})).resolves.toBeDefined();
  });

  it('the success page alone (webhook not arrived) grants the first month and turns premium on', async () => {
    const { studio } = billing;
    const { user, sessionId } = await subscribed();
    expect(await studio.caller(user).billing.confirm({ sessionId })).toEqual({ state: 'granted', credits: 1000, balance: 1010, item: 'premium-monthly' });
    expect(await premiumOf(user)).toBe(true);
  });

  it('a renewal gives the next month once and moves the period on', async () => {
    const { studio, stripe } = billing;
    const { user, sessionId, subscriptionId } = await subscribed();
    await stripe.send(stripe.event('checkout.session.completed', stripe.session(sessionId)));
    const renewal = stripe.renew(subscriptionId);
    const event = stripe.event('invoice.paid', renewal);
    expect((await stripe.send(event)).body.outcome).toBe('granted');
    expect((await stripe.send(event)).body.outcome).toBe('duplicate');
    expect((await stripe.send(stripe.event('invoice.paid', renewal))).body.outcome).toBe('already_granted');
    expect(await studio.balance(user)).toBe(2010);
    const status = await studio.caller(user).billing.status();
    expect(status.premium).toBe(true);
    expect(status.subscription?.currentPeriodEnd).toEqual(periodEnd(stripe.subscription(subscriptionId)));
    expect((await billing.paymentRows(user)).map((r) => [r.reason, r.amount])).toEqual([
      ['plan_grant', 1000],
      ['plan_grant', 1000],
    ]);
  });

  it('cancelled at period end: premium stays on until that end, then goes off', async () => {
    const { studio, stripe } = billing;
    const { user, sessionId, subscriptionId } = await subscribed();
    await stripe.send(stripe.event('checkout.session.completed', stripe.session(sessionId)));
    const cancelled = stripe.updateSubscription(subscriptionId, { cancel_at_period_end: true });
    expect((await stripe.send(stripe.event('customer.subscription.updated', cancelled))).body.outcome).toBe('premium_on');
    const end = periodEnd(cancelled);
    expect(await studio.caller(user).billing.status()).toMatchObject({
      premium: true,
      subscription: { status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: end, premiumUntil: end },
    });
    // Just before the end nothing changes; at the end premium goes off (the server's sweep).
    // (Other tests' subscriptions share the database: only this user's outcome is asserted.)
    expect(await expireLapsedPremium(studio.db, new Date(end.getTime() - 1000))).not.toContain(user.id);
    expect(await premiumOf(user)).toBe(true);
    expect(await expireLapsedPremium(studio.db, new Date(end.getTime() + 1000))).toContain(user.id);
    expect(await premiumOf(user)).toBe(false);
    // Stripe's own ending then agrees.
    const ended = stripe.updateSubscription(subscriptionId, { status: 'canceled' });
    expect((await stripe.send(stripe.event('customer.subscription.deleted', ended))).body.outcome).toBe('premium_off');
    expect(await premiumOf(user)).toBe(false);
    expect(await studio.balance(user)).toBe(1010);
  });

  it('cancelled now: premium goes off at once, the credits already given stay', async () => {
    const { studio, stripe } = billing;
    const { user, sessionId, subscriptionId } = await subscribed();
    await stripe.send(stripe.event('checkout.session.completed', stripe.session(sessionId)));
    const ended = stripe.updateSubscription(subscriptionId, { status: 'canceled' });
    expect((await stripe.send(stripe.event('customer.subscription.deleted', ended))).body.outcome).toBe('premium_off');
    expect(await premiumOf(user)).toBe(false);
    expect(await studio.caller(user).billing.status()).toMatchObject({ premium: false, subscription: { status: 'canceled', premiumUntil: null } });
    await expect(studio.caller(user).prediction.recent({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await studio.balance(user)).toBe(1010);
  });

  it('past due: premium stays on for the grace period, then goes off; paid again, it comes back', async () => {
    const { studio, stripe } = billing;
    const { user, sessionId, subscriptionId } = await subscribed();
    await stripe.send(stripe.event('checkout.session.completed', stripe.session(sessionId)));
    const before = Date.now();
    const pastDue = stripe.updateSubscription(subscriptionId, { status: 'past_due' });
    expect((await stripe.send(stripe.event('customer.subscription.updated', pastDue))).body.outcome).toBe('premium_on');
    const status = await studio.caller(user).billing.status();
    expect(status).toMatchObject({ premium: true, subscription: { status: 'past_due' } });
    const until = status.subscription!.premiumUntil!;
    expect(until.getTime()).toBeGreaterThanOrEqual(before + PAST_DUE_GRACE_MS);
    expect(until.getTime()).toBeLessThanOrEqual(Date.now() + PAST_DUE_GRACE_MS);
    // Another past_due update does not restart the grace.
    await stripe.send(stripe.event('customer.subscription.updated', pastDue));
    expect((await studio.caller(user).billing.status()).subscription!.premiumUntil).toEqual(until);
    expect(await expireLapsedPremium(studio.db, new Date(until.getTime() - 1000))).not.toContain(user.id);
    expect(await premiumOf(user)).toBe(true);
    expect(await expireLapsedPremium(studio.db, new Date(until.getTime() + 1))).toContain(user.id);
    expect(await premiumOf(user)).toBe(false);
    // The card works again: Stripe renews and the subscription is active.
    const renewal = stripe.renew(subscriptionId);
    expect((await stripe.send(stripe.event('invoice.paid', renewal))).body.outcome).toBe('granted');
    expect(await premiumOf(user)).toBe(true);
    expect((await studio.caller(user).billing.status()).subscription).toMatchObject({ status: 'active', premiumUntil: null });
  });

  it('unpaid turns premium off; premium follows what Stripe says now, not the event snapshot', async () => {
    const { stripe } = billing;
    const { user, sessionId, subscriptionId } = await subscribed();
    await stripe.send(stripe.event('checkout.session.completed', stripe.session(sessionId)));
    const activeSnapshot = stripe.subscription(subscriptionId);
    stripe.updateSubscription(subscriptionId, { status: 'unpaid' });
    // A late event still carrying "active": the read-back says unpaid.
    expect((await stripe.send(stripe.event('customer.subscription.updated', activeSnapshot))).body.outcome).toBe('premium_off');
    expect(await premiumOf(user)).toBe(false);
  });

  it('the portal opens for the customer, returning to Account → Billing', async () => {
    const { studio, stripe } = billing;
    const { user } = await subscribed();
    const { url } = await studio.caller(user).billing.portal();
    expect(url).toMatch(new RegExp(`^${stripe.url}/portal/bps_`));
    const request = stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
    const customer = (await studio.db.user.findUniqueOrThrow({ where: { id: user.id } })).stripeCustomerId;
    expect(new URLSearchParams(request.rawBody).get('customer')).toBe(customer);
    expect(new URLSearchParams(request.rawBody).get('return_url')).toBe(`${studio.server.url}/account/billing`);
  });
});
