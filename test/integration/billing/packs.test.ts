/**
 * Credit packs through Stripe (the real SDK against the fake): checkout, the webhook over HTTP and
 * the success page, each payment granted exactly once however it is reported.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBillingStudio, type BillingStudio } from '@test/helpers/billing';

let billing: BillingStudio;

beforeAll(async () => {
  billing = await startBillingStudio();
});

afterAll(async () => {
  await billing?.stop();
});

describe('checkout', () => {
  it('sends the catalogue price inline with our user id, and creates the customer once', async () => {
    const { studio, stripe } = billing;
    const user = await studio.createUser();
    const first = await billing.checkout(user, 'credits-1200');
    await billing.checkout(user, 'credits-500');
    expect(first.url).toBe(`${stripe.url}/pay/${first.sessionId}`);
    const creates = stripe.requests.filter((r) => r.path === '/v1/customers' && r.method === 'POST' && (r.rawBody.includes(encodeURIComponent(user.id)) || r.rawBody.includes(user.id)));
    expect(creates).toHaveLength(1);
    const stored = await studio.db.user.findUniqueOrThrow({ where: { id: user.id }, select: { stripeCustomerId: true } });
    const session = stripe.session(first.sessionId);
    expect(session).toMatchObject({
      mode: 'payment',
      customer: stored.stripeCustomerId,
      client_reference_id: user.id,
      metadata: { userId: user.id, item: 'credits-1200' },
      amount_total: 1000,
      currency: 'usd',
      success_url: `${studio.server.url}/billing/success?session_id=${first.sessionId}`,
      cancel_url: `${studio.server.url}/pricing`,
    });
    expect(await studio.balance(user)).toBe(0);
  });

  it('refuses an unknown item before anything is created', async () => {
    const { studio, stripe } = billing;
    const user = await studio.createUser();
    const before = stripe.requests.length;
    await expect(studio.caller(user).billing.checkout({ item: 'credits-999999' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Unknown item "credits-999999": choose one of credits-500, credits-1200, credits-3000, premium-monthly.',
    });
    expect(stripe.requests.length).toBe(before);
  });

  it('offers the packs and the plan with prices, and says checkout is Stripe', async () => {
    const offer = await billing.studio.caller(null).billing.offer();
    expect(offer.checkout).toBe('stripe');
    expect(offer.packs).toEqual([
      { id: 'credits-500', credits: 500, amount: 500, currency: 'usd', pricePer100: 100 },
      { id: 'credits-1200', credits: 1200, amount: 1000, currency: 'usd', pricePer100: 83 },
      { id: 'credits-3000', credits: 3000, amount: 2000, currency: 'usd', pricePer100: 67 },
    ]);
    expect(offer.plan).toEqual({ id: 'premium-monthly', monthlyCredits: 1000, amount: 1200, currency: 'usd', interval: 'month' });
  });
});

describe('account', () => {
  it('a new user has no plan and no purchases; purchases page newest first by cursor, only their own', async () => {
    const { studio, stripe } = billing;
    const user = await studio.createUser();
    expect(await studio.caller(user).billing.status()).toEqual({ premium: false, subscription: null, hasCustomer: false });
    expect(await studio.caller(user).billing.purchases({})).toEqual({ items: [], nextCursor: null });
    const bought: string[] = [];
    for (const item of ['credits-500', 'credits-1200', 'credits-3000']) {
      const { sessionId } = await billing.checkout(user, item);
      await stripe.send(stripe.event('checkout.session.completed', stripe.pay(sessionId).session));
      bought.push(sessionId);
    }
    const first = await studio.caller(user).billing.purchases({ limit: 2 });
    expect(first.items.map((p) => p.item)).toEqual(['credits-3000', 'credits-1200']);
    const second = await studio.caller(user).billing.purchases({ limit: 2, cursor: first.nextCursor! });
    expect(second).toEqual({ items: [expect.objectContaining({ id: bought[0], item: 'credits-500' })], nextCursor: null });
    const other = await studio.createUser();
    expect((await studio.caller(other).billing.purchases({ cursor: bought[0] })).items).toEqual([]);
    expect((await studio.caller(user).billing.status()).hasCustomer).toBe(true);
    await expect(studio.caller(null).billing.purchases({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('one payment, one grant', () => {
  it('grants once when the same event is delivered 10 times', async () => {
    const { studio, stripe } = billing;
    const user = await studio.createUser({ credits: 7 });
    const { sessionId } = await billing.checkout(user, 'credits-500');
    const { session } = stripe.pay(sessionId);
    const event = stripe.event('checkout.session.completed', session);
    const answers = [];
    for (let i = 0; i < 10; i += 1) answers.push(await stripe.send(event));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.map((a) => a.body.outcome)).toEqual(['granted', ...Array(9).fill('duplicate')]);
    expect(await studio.balance(user)).toBe(507);
    expect(await billing.paymentRows(user)).toEqual([{ reason: 'purchase_grant', amount: 500, providerObjectId: sessionId, balanceAfter: 507 }]);
    expect(await billing.ledgerSum(user)).toBe(507);
  });

  it('grants once when the payment arrives under 3 different event ids (two event types)', async () => {
    const { studio, stripe } = billing;
    const user = await studio.createUser();
    const { sessionId } = await billing.checkout(user, 'credits-1200');
    const { session } = stripe.pay(sessionId);
    const answers = [
      await stripe.send(stripe.event('checkout.session.completed', session)),
      await stripe.send(stripe.event('checkout.session.completed', session)),
      await stripe.send(stripe.event('checkout.session.async_payment_succeeded', session)),
    ];
    expect(answers.map((a) => [a.status, a.body.outcome])).toEqual([
      [200, 'granted'],
      [200, 'already_granted'],
      [200, 'already_granted'],
    ]);
    expect(await studio.balance(user)).toBe(1200);
    expect(await billing.paymentRows(user)).toHaveLength(1);
  });

  it('grants once when 20 deliveries arrive in parallel (same and different event ids)', async () => {
    const { studio, stripe } = billing;
    const user = await studio.createUser();
    const { sessionId } = await billing.checkout(user, 'credits-3000');
    const { session } = stripe.pay(sessionId);
    const same = stripe.event('checkout.session.completed', session);
    const deliveries = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? same : stripe.event('checkout.session.completed', session)));
    const answers = await Promise.all(deliveries.map((event) => stripe.send(event)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.outcome === 'granted')).toHaveLength(1);
    expect(await studio.balance(user)).toBe(3000);
    expect(await billing.paymentRows(user)).toHaveLength(1);
    expect(await studio.db.purchase.count({ where: { userId: user.id } })).toBe(1);
  });

  it('grants once when the success page races the webhook', async () => {
    const { studio, stripe } = billing;
    const user = await studio.createUser({ credits: 3 });
    const { sessionId } = await billing.checkout(user, 'credits-500');
    const { session } = stripe.pay(sessionId);
    const event = stripe.event('checkout.session.completed', session);
    const [confirmed, again, delivered] = await Promise.all([
      studio.caller(user).billing.confirm({ sessionId }),
      studio.caller(user).billing.confirm({ sessionId }),
      stripe.send(event),
    ]);
    expect(confirmed).toMatchObject({ state: 'granted', credits: 500, item: 'credits-500' });
    expect(again).toMatchObject({ state: 'granted', credits: 500 });
    expect(delivered.status).toBe(200);
    expect(await studio.balance(user)).toBe(503);
    expect(await billing.paymentRows(user)).toHaveLength(1);
    // Replaying the success page later grants nothing more.
    expect(await studio.caller(user).billing.confirm({ sessionId })).toEqual({ state: 'granted', credits: 500, balance: 503, item: 'credits-500' });
    const [purchase] = (await studio.caller(user).billing.purchases({})).items;
    expect(purchase).toMatchObject({ id: sessionId, kind: 'pack', item: 'credits-500', credits: 500, amount: 500, currency: 'usd', status: 'paid' });
    expect(purchase!.receiptUrl).toMatch(/^https:\/\/pay\.stripe\.test\/receipts\/ch_/);
  });

  it('the success page before payment says unpaid; a delayed method says pending until its money arrives', async () => {
    const { studio, stripe } = billing;
    const user = await studio.createUser();
    const { sessionId } = await billing.checkout(user, 'credits-500');
    expect(await studio.caller(user).billing.confirm({ sessionId })).toEqual({ state: 'unpaid', credits: 0, balance: 0, item: 'credits-500' });
    const { session } = stripe.pay(sessionId, { delayed: true });
    expect(await stripe.send(stripe.event('checkout.session.completed', session))).toMatchObject({ status: 200, body: { outcome: 'awaiting_payment' } });
    expect(await studio.caller(user).billing.confirm({ sessionId })).toMatchObject({ state: 'pending', credits: 0, balance: 0 });
    const settled = stripe.settle(sessionId);
    expect(await stripe.send(stripe.event('checkout.session.async_payment_succeeded', settled))).toMatchObject({ status: 200, body: { outcome: 'granted' } });
    expect(await studio.caller(user).billing.confirm({ sessionId })).toMatchObject({ state: 'granted', credits: 500, balance: 500 });
  });

  it("does not let another user confirm someone's session", async () => {
    const { studio, stripe } = billing;
    const buyer = await studio.createUser();
    const other = await studio.createUser();
    const { sessionId } = await billing.checkout(buyer, 'credits-500');
    stripe.pay(sessionId);
    await expect(studio.caller(other).billing.confirm({ sessionId })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'No such checkout session.' });
    await expect(studio.caller(other).billing.confirm({ sessionId: 'cs_test_made_up' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(studio.caller(other).billing.confirm({ sessionId: '../v1/customers' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('Not a checkout session id.') });
    expect(await studio.balance(other)).toBe(0);
    expect(await studio.balance(buyer)).toBe(0);
  });
});
