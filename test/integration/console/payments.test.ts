/**
 * The console's payments: purchases and subscriptions of every user by status, each linked to its
 * object in Stripe's Dashboard; "Reconcile the last N days" runs the command's own code (a payment
 * whose event was lost is granted once, however often it runs) and says what it did, on the record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeReconcile, reconcilePayments } from '~/server/services/billing/reconcile';
import { startBillingStudio, type BillingStudio } from '@test/helpers/billing';
import type { StudioUser } from '@test/helpers/studio';
import { createStaff, formId, refusalOf } from './helpers';

let billing: BillingStudio;
let admin: StudioUser;
let support: StudioUser;

beforeAll(async () => {
  billing = await startBillingStudio();
  admin = await createStaff(billing.studio, 'admin');
  support = await createStaff(billing.studio, 'support');
});

afterAll(async () => {
  await billing?.stop();
});

describe('reconcile from the console', () => {
  it('grants a payment whose event was lost, once, prints what the command prints, and records the run', async () => {
    const { studio, stripe } = billing;
    const buyer = await studio.createUser();
    const { sessionId } = await billing.checkout(buyer, 'credits-1200');
    // Paid at Stripe, but the webhook never came.
    stripe.pay(sessionId);
    const form = { actionId: formId(), days: 7, reason: 'Webhook endpoint was down' };
    const first = await studio.caller(admin).admin.reconcilePayments(form);
    expect(first.repeated).toBe(false);
    expect(first.refused).toBe(0);
    expect(first.lines).toContain(`  ${sessionId}  granted 1200 credits  (user ${buyer.id})`);
    expect(await studio.balance(buyer)).toBe(1200);
    // The same form again: the same safe run, nothing granted twice, one record.
    const again = await studio.caller(admin).admin.reconcilePayments(form);
    expect(again.repeated).toBe(true);
    expect(again.lines).toContain(`  ${sessionId}  already granted  (user ${buyer.id})`);
    expect(await studio.balance(buyer)).toBe(1200);
    // What the command would print now is what the console shows.
    expect(describeReconcile(await reconcilePayments(studio.db, { days: 7 })).slice(1)).toEqual(again.lines.slice(1));
    expect(await studio.db.auditEntry.findUniqueOrThrow({ where: { id: form.actionId } })).toMatchObject({
      action: 'payments.reconcile',
      actorId: admin.id,
      reason: 'Webhook endpoint was down',
      after: { days: 7, granted: 1, credits: 1200, refused: 0 },
    });
  });

  it('refuses a number of days outside 1–365, nothing run', async () => {
    const count = await billing.studio.db.auditEntry.count();
    for (const days of [0, 366, 2.5]) {
      const refused = await refusalOf(billing.studio.caller(admin).admin.reconcilePayments({ actionId: formId(), days, reason: 'x' }));
      expect(refused.code).toBe('BAD_REQUEST');
      expect(refused.message).toMatch(/^days: The number of days must be /);
    }
    expect(await billing.studio.db.auditEntry.count()).toBe(count);
  });
});

describe('the payments lists', () => {
  it('show every purchase and subscription by status, each with its Stripe Dashboard address', async () => {
    const { studio, stripe } = billing;
    const buyer = await studio.createUser();
    const pack = await billing.checkout(buyer, 'credits-500');
    await stripe.send(stripe.event('checkout.session.completed', stripe.pay(pack.sessionId).session));
    const subscriber = await studio.createUser();
    const plan = await billing.checkout(subscriber, 'premium-monthly');
    const paid = stripe.pay(plan.sessionId);
    await stripe.send(stripe.event('checkout.session.completed', paid.session));

    const purchases = await studio.caller(support).admin.purchases({ status: 'paid' });
    const packRow = purchases.items.find((row) => row.id === pack.sessionId)!;
    const purchase = await studio.db.purchase.findUniqueOrThrow({ where: { id: pack.sessionId } });
    expect(packRow).toMatchObject({ userId: buyer.id, userEmail: buyer.email, item: 'credits-500', credits: 500, status: 'paid' });
    expect(packRow.stripeUrl).toBe(`https://dashboard.stripe.com/test/payments/${purchase.paymentIntentId}`);
    const invoiceRow = purchases.items.find((row) => row.userId === subscriber.id)!;
    expect(invoiceRow.stripeUrl).toBe(`https://dashboard.stripe.com/test/invoices/${invoiceRow.id}`);
    expect((await studio.caller(support).admin.purchases({ status: 'refunded' })).items.filter((row) => row.userId === buyer.id)).toEqual([]);

    const subscriptions = await studio.caller(support).admin.subscriptions({ status: 'active' });
    const subscription = subscriptions.items.find((row) => row.userId === subscriber.id)!;
    expect(subscription).toMatchObject({ userEmail: subscriber.email, status: 'active', premium: true, stripeUrl: `https://dashboard.stripe.com/test/subscriptions/${subscription.id}` });
  });
});

describe('refund a purchase from the console', () => {
  it('at Stripe, once per form; the webhook’s clawback takes the credits back once', async () => {
    const { studio, stripe } = billing;
    const buyer = await studio.createUser();
    const { sessionId } = await billing.checkout(buyer, 'credits-500');
    const paid = stripe.pay(sessionId);
    await stripe.send(stripe.event('checkout.session.completed', paid.session));
    expect(await studio.balance(buyer)).toBe(500);

    const form = { actionId: formId(), purchaseId: sessionId, reason: 'Bought by mistake' };
    // The same form sent twice, and twice more at once: one refund at Stripe.
    expect(await studio.caller(admin).admin.refundPurchase(form)).toEqual({ repeated: false });
    const again = await Promise.all([studio.caller(admin).admin.refundPurchase(form), studio.caller(admin).admin.refundPurchase(form)]);
    expect(again).toEqual([{ repeated: true }, { repeated: true }]);
    const refunds = stripe.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds');
    expect(new Set(refunds.map((request) => request.headers['idempotency-key']))).toEqual(new Set([`studio-refund-${form.actionId}`]));
    expect(stripe.charge(paid.chargeId)).toMatchObject({ amount_refunded: 500, refunded: true });
    // Credits move only when Stripe reports the refund, through the webhook's own clawback, once.
    expect(await studio.balance(buyer)).toBe(500);
    const event = stripe.event('charge.refunded', stripe.charge(paid.chargeId));
    expect(await stripe.send(event)).toMatchObject({ status: 200, body: { outcome: 'clawed_back' } });
    expect(await stripe.send(stripe.event('charge.refunded', stripe.charge(paid.chargeId)))).toMatchObject({ status: 200, body: { outcome: 'already_clawed_back' } });
    expect(await studio.balance(buyer)).toBe(0);
    expect((await billing.paymentRows(buyer)).map((row) => [row.reason, row.amount])).toEqual([
      ['purchase_grant', 500],
      ['refund_clawback', -500],
    ]);
    expect(await studio.db.auditEntry.findUniqueOrThrow({ where: { id: form.actionId } })).toMatchObject({
      action: 'purchase.refund',
      targetId: sessionId,
      reason: 'Bought by mistake',
      before: { status: 'paid', amountRefunded: 0 },
      after: { amount: 500 },
    });
    // A new form: nothing is left to refund.
    expect(await refusalOf(studio.caller(admin).admin.refundPurchase({ ...form, actionId: formId() }))).toEqual({ code: 'BAD_REQUEST', message: 'This purchase is already refunded in full.' });
  });

  it('an unknown purchase is refused, nothing asked of Stripe', async () => {
    const before = billing.stripe.requests.length;
    expect(await refusalOf(billing.studio.caller(admin).admin.refundPurchase({ actionId: formId(), purchaseId: 'cs_test_nothing', reason: 'Who' }))).toEqual({ code: 'NOT_FOUND', message: 'Purchase not found.' });
    expect(billing.stripe.requests.length).toBe(before);
  });
});
