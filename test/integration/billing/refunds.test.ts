/**
 * Money going back: refunds (full and partial) take back the refunded share of a pack's credits,
 * a dispute takes them back and a dispute won gives them back; each once, and a clawback may take
 * the balance below zero (then generation is refused until it covers a cost again).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBillingStudio, type BillingStudio } from '@test/helpers/billing';
import type { StudioUser } from '@test/helpers/studio';

let billing: BillingStudio;

beforeAll(async () => {
  billing = await startBillingStudio();
});

afterAll(async () => {
  await billing?.stop();
});

/** A user who bought a pack (granted by the webhook): the charge Stripe made for it. */
async function boughtPack(item: string, startingCredits = 0): Promise<{ user: StudioUser; sessionId: string; chargeId: string }> {
  const { studio, stripe } = billing;
  const user = await studio.createUser({ credits: startingCredits });
  const { sessionId } = await billing.checkout(user, item);
  const { session, chargeId } = stripe.pay(sessionId);
  expect((await stripe.send(stripe.event('checkout.session.completed', session))).body.outcome).toBe('granted');
  return { user, sessionId, chargeId };
}

describe('refunds', () => {
  it('a full refund takes the pack back, once, even if the event comes again', async () => {
    const { studio, stripe } = billing;
    const { user, sessionId, chargeId } = await boughtPack('credits-500', 20);
    const { charge } = stripe.refund(chargeId);
    const event = stripe.event('charge.refunded', charge);
    expect(await stripe.send(event)).toMatchObject({ status: 200, body: { outcome: 'clawed_back' } });
    expect(await stripe.send(event)).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
    expect(await stripe.send(stripe.event('charge.refunded', charge))).toMatchObject({ status: 200, body: { outcome: 'already_clawed_back' } });
    expect(await studio.balance(user)).toBe(20);
    const rows = await billing.paymentRows(user);
    expect(rows.map((r) => [r.reason, r.amount])).toEqual([
      ['purchase_grant', 500],
      ['refund_clawback', -500],
    ]);
    expect(rows[1]!.providerObjectId).toMatch(/^re_/);
    const [purchase] = (await studio.caller(user).billing.purchases({})).items;
    expect(purchase).toMatchObject({ id: sessionId, status: 'refunded' });
    expect(await billing.ledgerSum(user)).toBe(20);
  });

  it('partial refunds take back the refunded share each, in any order of arrival', async () => {
    const { studio, stripe } = billing;
    // 1200 credits for 1000 cents: 333 cents back is 399.6 → 399 credits; 333 more (666) is 799.2 → 400 more.
    const { user, sessionId, chargeId } = await boughtPack('credits-1200');
    const first = stripe.refund(chargeId, 333);
    const second = stripe.refund(chargeId, 333);
    // The later event (it lists both refunds) arrives first.
    expect((await stripe.send(stripe.event('charge.refunded', second.charge))).body.outcome).toBe('clawed_back');
    expect((await stripe.send(stripe.event('charge.refunded', first.charge))).body.outcome).toBe('already_clawed_back');
    expect(await studio.balance(user)).toBe(1200 - 799);
    const rows = await billing.paymentRows(user);
    expect(rows.filter((r) => r.reason === 'refund_clawback').map((r) => [r.providerObjectId, r.amount])).toEqual([
      [first.refund.id, -399],
      [second.refund.id, -400],
    ]);
    const [purchase] = (await studio.caller(user).billing.purchases({})).items;
    expect(purchase).toMatchObject({ id: sessionId, status: 'partially_refunded' });
    // The rest refunded later: the whole pack is back.
    const rest = stripe.refund(chargeId);
    expect((await stripe.send(stripe.event('charge.refunded', rest.charge))).body.outcome).toBe('clawed_back');
    expect(await studio.balance(user)).toBe(0);
    expect((await studio.caller(user).billing.purchases({})).items[0]!.status).toBe('refunded');
  });

  it('a refund of spent credits takes the balance below zero, and generation is refused until it covers the cost', async () => {
    const { studio, stripe } = billing;
    const { user, chargeId } = await boughtPack('credits-500');
    // Spend most of it, the way the ledger spends (a generation's debit).
    const submitted = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'a lighthouse', credit_to_consume: 1 });
    expect(submitted.user_credits).toBe(499);
    const { charge } = stripe.refund(chargeId);
    expect((await stripe.send(stripe.event('charge.refunded', charge))).body.outcome).toBe('clawed_back');
    expect(await studio.balance(user)).toBe(-1);
    await expect(studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: 'a lighthouse', credit_to_consume: 1 })).rejects.toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message: 'Insufficient credits.',
    });
    expect(await studio.balance(user)).toBe(-1);
    expect(await billing.ledgerSum(user)).toBe(-1);
  });

  it('a refund that arrives before its grant grants first, through the same door, then takes it back', async () => {
    const { studio, stripe } = billing;
    const user = await studio.createUser({ credits: 5 });
    const { sessionId } = await billing.checkout(user, 'credits-500');
    const { chargeId } = stripe.pay(sessionId);
    // The completed event never came (the endpoint was down); the refund event does.
    const { charge } = stripe.refund(chargeId, 250);
    expect((await stripe.send(stripe.event('charge.refunded', charge))).body.outcome).toBe('clawed_back');
    expect(await studio.balance(user)).toBe(5 + 500 - 250);
    // The late completed event then grants nothing more.
    expect((await stripe.send(stripe.event('checkout.session.completed', stripe.session(sessionId)))).body.outcome).toBe('already_granted');
    expect(await studio.balance(user)).toBe(255);
  });

  it('a refund of a charge that is not ours changes nothing', async () => {
    const { stripe } = billing;
    const answer = await stripe.send(
      stripe.event('charge.refunded', { id: 'ch_elsewhere', object: 'charge', amount: 900, amount_refunded: 900, currency: 'usd', payment_intent: 'pi_elsewhere', receipt_url: null }),
    );
    expect(answer).toMatchObject({ status: 200, body: { outcome: 'not_ours' } });
  });
});

describe('disputes', () => {
  it('a dispute opened takes the credits back; lost, they stay taken', async () => {
    const { studio, stripe } = billing;
    const { user, sessionId, chargeId } = await boughtPack('credits-3000', 10);
    const dispute = stripe.openDispute(chargeId);
    const opened = stripe.event('charge.dispute.created', dispute);
    expect((await stripe.send(opened)).body.outcome).toBe('clawed_back');
    expect((await stripe.send(opened)).body.outcome).toBe('duplicate');
    expect((await stripe.send(stripe.event('charge.dispute.created', dispute))).body.outcome).toBe('already_clawed_back');
    expect(await studio.balance(user)).toBe(10);
    expect((await studio.caller(user).billing.purchases({})).items[0]).toMatchObject({ id: sessionId, status: 'disputed' });
    expect((await stripe.send(stripe.event('charge.dispute.closed', stripe.closeDispute(dispute.id as string, 'lost')))).body.outcome).toBe('dispute_lost');
    expect(await studio.balance(user)).toBe(10);
    expect((await billing.paymentRows(user)).map((r) => [r.reason, r.amount])).toEqual([
      ['purchase_grant', 3000],
      ['dispute_clawback', -3000],
    ]);
  });

  it('a dispute won gives back exactly what it took, once', async () => {
    const { studio, stripe } = billing;
    const { user, sessionId, chargeId } = await boughtPack('credits-1200');
    const dispute = stripe.openDispute(chargeId);
    await stripe.send(stripe.event('charge.dispute.created', dispute));
    expect(await studio.balance(user)).toBe(0);
    const won = stripe.closeDispute(dispute.id as string, 'won');
    expect((await stripe.send(stripe.event('charge.dispute.closed', won))).body.outcome).toBe('given_back');
    expect((await stripe.send(stripe.event('charge.dispute.closed', won))).body.outcome).toBe('already_given_back');
    expect(await studio.balance(user)).toBe(1200);
    expect((await studio.caller(user).billing.purchases({})).items[0]).toMatchObject({ id: sessionId, status: 'paid' });
    expect((await billing.paymentRows(user)).map((r) => [r.reason, r.amount])).toEqual([
      ['purchase_grant', 1200],
      ['dispute_clawback', -1200],
      ['dispute_reversal', 1200],
    ]);
    expect(await billing.ledgerSum(user)).toBe(1200);
  });

  it('a dispute after a partial refund takes back only what the refund left', async () => {
    const { studio, stripe } = billing;
    const { user, chargeId } = await boughtPack('credits-500');
    const { charge } = stripe.refund(chargeId, 100);
    await stripe.send(stripe.event('charge.refunded', charge));
    expect(await studio.balance(user)).toBe(400);
    // Stripe disputes what was not refunded.
    await stripe.send(stripe.event('charge.dispute.created', stripe.openDispute(chargeId, 400)));
    expect(await studio.balance(user)).toBe(0);
  });
});
