/**
 * Objects on the Stripe account that our checkout did not make: a subscription made in the
 * Dashboard for one of our customers (no metadata.item), and other customers' invoices,
 * subscriptions, charges, disputes and sessions. Each event about one changes nothing (no credits,
 * no premium, no purchase, no subscription row) and answers 200 `not_ours`, so Stripe does not retry
 * it for three days; it is logged once (a replay is a duplicate). The reconcile command passes them
 * by. Events are sent with the objects as Stripe makes them, every field present (the fake's
 * stripe-objects/).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { reconcilePayments } from '~/server/services/billing/reconcile';
import { startBillingStudio, type BillingStudio } from '@test/helpers/billing';
import { sdkFor } from '@test/helpers/fake-stripe';
import type { StudioUser } from '@test/helpers/studio';

type Json = Record<string, unknown>;

let billing: BillingStudio;
let info: MockInstance<typeof console.info>;

beforeAll(async () => {
  billing = await startBillingStudio();
});

afterAll(async () => {
  await billing?.stop();
});

beforeEach(() => {
  info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
});

afterEach(() => {
  info.mockRestore();
});

/** The "not ours" lines logged for an event. */
const notOursLines = (eventId: string) => info.mock.calls.map((args) => String(args[0])).filter((line) => line.includes(eventId) && line.includes('is not ours'));

/** Sends the event twice: 200 not_ours, then a duplicate; one log line between them. */
async function notOurs(type: string, object: Json): Promise<void> {
  const { stripe } = billing;
  const event = stripe.event(type, object);
  expect(await stripe.send(event)).toEqual({ status: 200, body: { ok: true, outcome: 'not_ours' } });
  expect(await stripe.send(event)).toEqual({ status: 200, body: { ok: true, outcome: 'duplicate' } });
  expect(notOursLines(event.id as string)).toEqual([
    `[billing] ${type} ${event.id}: ${object.object as string} ${object.id as string} is not ours (not made by our checkout, or no user of ours): nothing changed.`,
  ]);
}

/** A user of ours who is already a Stripe customer (a pack bought through the studio). */
async function customerOfOurs(): Promise<{ user: StudioUser; customerId: string }> {
  const { studio, stripe } = billing;
  const user = await studio.createUser({ credits: 7 });
  const { sessionId } = await billing.checkout(user, 'credits-500');
  const { session } = stripe.pay(sessionId);
  expect((await stripe.send(stripe.event('checkout.session.completed', session))).body.outcome).toBe('granted');
  const { stripeCustomerId } = await studio.db.user.findUniqueOrThrow({ where: { id: user.id }, select: { stripeCustomerId: true } });
  return { user, customerId: stripeCustomerId! };
}

/** Everything a plan's event could have changed for the user. */
async function planFacts(user: StudioUser) {
  const { studio } = billing;
  return {
    balance: await studio.balance(user),
    premium: (await studio.db.user.findUniqueOrThrow({ where: { id: user.id }, select: { premium: true } })).premium,
    subscriptions: await studio.db.billingSubscription.count({ where: { userId: user.id } }),
    purchases: await studio.db.purchase.count({ where: { userId: user.id } }),
    ledgerRows: await studio.db.creditLedgerEntry.count({ where: { userId: user.id } }),
  };
}

describe('a subscription made in the Dashboard for one of our customers', () => {
  it('changes nothing, whatever its events: created, its paid invoice, updated, deleted', async () => {
    const { stripe } = billing;
    const { user, customerId } = await customerOfOurs();
    const before = await planFacts(user);
    expect(before).toEqual({ balance: 507, premium: false, subscriptions: 0, purchases: 1, ledgerRows: 2 });
    const { subscription, invoice } = stripe.dashboardSubscription(customerId);
    expect(subscription.metadata).toEqual({});
    expect(invoice).toMatchObject({ customer: customerId, status: 'paid', parent: { subscription_details: { subscription: subscription.id, metadata: {} } } });
    await notOurs('customer.subscription.created', subscription);
    await notOurs('invoice.paid', invoice);
    await notOurs('customer.subscription.updated', stripe.updateSubscription(subscription.id as string, { cancel_at_period_end: true }));
    await notOurs('customer.subscription.deleted', stripe.updateSubscription(subscription.id as string, { status: 'canceled' }));
    expect(await planFacts(user)).toEqual(before);
  });

  it('with our plan named in its metadata but no user: still not ours', async () => {
    const { stripe } = billing;
    const { user, customerId } = await customerOfOurs();
    const before = await planFacts(user);
    // Typed by hand in the Dashboard: the item, but not the user (and on another customer).
    const other = stripe.dashboardSubscription('cus_someone_else', { metadata: { item: 'premium-monthly' } });
    await notOurs('customer.subscription.created', other.subscription);
    await notOurs('invoice.paid', other.invoice);
    // On our customer, our mark makes it ours: its user is the customer's.
    const ours = stripe.dashboardSubscription(customerId, { metadata: { item: 'premium-monthly' } });
    expect(await stripe.send(stripe.event('invoice.paid', ours.invoice))).toMatchObject({ status: 200, body: { outcome: 'granted' } });
    expect(await planFacts(user)).toEqual({ ...before, balance: before.balance + 1000, premium: true, subscriptions: 1, purchases: 2, ledgerRows: before.ledgerRows + 1 });
  });
});

describe('other customers’ objects', () => {
  it('their subscriptions and invoices: not ours', async () => {
    const { stripe } = billing;
    const { subscription, invoice } = stripe.dashboardSubscription('cus_another_integration');
    await notOurs('customer.subscription.created', subscription);
    await notOurs('invoice.paid', invoice);
    await notOurs('customer.subscription.updated', stripe.updateSubscription(subscription.id as string, { status: 'past_due' }));
  });

  it('their charges, refunds and disputes: not ours', async () => {
    const { stripe } = billing;
    const payment = stripe.foreignPayment({ amount: 900, customer: 'cus_another_integration' });
    await notOurs('charge.refunded', stripe.refund(payment.chargeId, 300).charge);
    const dispute = stripe.openDispute(payment.chargeId, 600);
    await notOurs('charge.dispute.created', dispute);
    await notOurs('charge.dispute.closed', stripe.closeDispute(dispute.id as string, 'lost'));
  });

  it('their checkout sessions: not ours', async () => {
    const { stripe } = billing;
    // Another integration's checkout on the same account: no marks of ours.
    const created = await sdkFor(stripe).checkout.sessions.create({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 500, product_data: { name: 'A T-shirt' } } }],
      success_url: 'https://shop.example.test/thanks',
    });
    await notOurs('checkout.session.completed', stripe.pay(created.id).session);
    expect(await billing.studio.db.purchase.count({ where: { id: created.id } })).toBe(0);
  });

  it('the reconcile command passes them by: every payment it lists is one of ours, none refused', async () => {
    const report = await reconcilePayments(billing.studio.db, { days: 1 });
    const purchases = new Set((await billing.studio.db.purchase.findMany({ select: { id: true } })).map((p) => p.id));
    expect(report.lines.length).toBeGreaterThan(0);
    expect(report.lines.filter((line) => line.outcome !== 'already_granted' || !purchases.has(line.object)).map((line) => [line.object, line.outcome, line.detail])).toEqual([]);
  });
});
