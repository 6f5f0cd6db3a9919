/**
 * The reconcile command's service: lists paid sessions and invoices at Stripe and grants whatever
 * the webhook never delivered, through the same door; a second run changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeReconcile, reconcilePayments } from '~/server/services/billing/reconcile';
import { startBillingStudio, type BillingStudio } from '@test/helpers/billing';

let billing: BillingStudio;

beforeAll(async () => {
  billing = await startBillingStudio();
});

afterAll(async () => {
  await billing?.stop();
});

describe('billing:reconcile', () => {
  it('grants the payments whose events were lost, once, and a second run changes nothing', async () => {
    const { studio, stripe } = billing;
    const delivered = await studio.createUser();
    const tabClosed = await studio.createUser();
    const subscriber = await studio.createUser();
    const slowBank = await studio.createUser();
    const browsing = await studio.createUser();

    const a = await billing.checkout(delivered, 'credits-500');
    await stripe.send(stripe.event('checkout.session.completed', stripe.pay(a.sessionId).session));
    const b = await billing.checkout(tabClosed, 'credits-1200');
    stripe.pay(b.sessionId);
    const c = await billing.checkout(subscriber, 'premium-monthly');
    const { subscription, invoice } = stripe.pay(c.sessionId);
    const renewal = stripe.renew(subscription!.id as string);
    const d = await billing.checkout(slowBank, 'credits-500');
    stripe.pay(d.sessionId, { delayed: true });
    await billing.checkout(browsing, 'credits-3000');

    const first = await reconcilePayments(studio.db, { days: 7 });
    const outcome = (object: string) => first.lines.find((line) => line.object === object);
    expect(outcome(a.sessionId)).toMatchObject({ outcome: 'already_granted', credits: 0 });
    expect(outcome(b.sessionId)).toEqual({ object: b.sessionId, outcome: 'granted', credits: 1200, userId: tabClosed.id });
    expect(outcome(invoice!.id as string)).toMatchObject({ outcome: 'granted', credits: 1000, userId: subscriber.id });
    expect(outcome(renewal.id as string)).toMatchObject({ outcome: 'granted', credits: 1000, userId: subscriber.id });
    expect(outcome(d.sessionId)).toMatchObject({ outcome: 'awaiting_payment', credits: 0 });
    // A subscription's checkout session is reconciled through its invoices, not on its own.
    expect(outcome(c.sessionId)).toBeUndefined();
    expect([await studio.balance(delivered), await studio.balance(tabClosed), await studio.balance(subscriber), await studio.balance(slowBank), await studio.balance(browsing)]).toEqual([
      500, 1200, 2000, 0, 0,
    ]);
    expect((await studio.caller(subscriber).user.details()).premium).toBe(true);
    const printed = describeReconcile(first);
    expect(printed).toContain(`  ${b.sessionId}  granted 1200 credits  (user ${tabClosed.id})`);
    expect(printed).toContain(`  ${d.sessionId}  awaiting payment  (user ${slowBank.id})`);

    const second = await reconcilePayments(studio.db, { days: 7 });
    expect(second.lines.filter((line) => line.outcome === 'granted')).toEqual([]);
    expect(describeReconcile(second).at(-1)).toMatch(/ 0 granted now \(0 credits\), /);
    expect([await studio.balance(delivered), await studio.balance(tabClosed), await studio.balance(subscriber)]).toEqual([500, 1200, 2000]);
    // The webhook arriving after all grants nothing more either.
    expect((await stripe.send(stripe.event('checkout.session.completed', stripe.session(b.sessionId)))).body.outcome).toBe('already_granted');
    expect((await stripe.send(stripe.event('invoice.paid', renewal))).body.outcome).toBe('already_granted');
    expect(await studio.balance(subscriber)).toBe(2000);
  });

  it('reports a payment it cannot honour and still grants the others', async () => {
    const { studio, stripe } = billing;
    const gone = await studio.createUser();
    const fine = await studio.createUser();
    const x = await billing.checkout(gone, 'credits-500');
    stripe.pay(x.sessionId);
    const y = await billing.checkout(fine, 'credits-500');
    stripe.pay(y.sessionId);
    await studio.db.user.delete({ where: { id: gone.id } });
    const report = await reconcilePayments(studio.db, { days: 7 });
    expect(report.lines.find((line) => line.object === x.sessionId)).toMatchObject({
      outcome: 'refused',
      detail: `User ${gone.id} of payment ${x.sessionId} does not exist (deleted?): nothing granted.`,
    });
    expect(report.lines.find((line) => line.object === y.sessionId)).toMatchObject({ outcome: 'granted', credits: 500 });
    expect(await studio.balance(fine)).toBe(500);
  });
});
