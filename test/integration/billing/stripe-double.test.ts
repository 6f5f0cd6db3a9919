/**
 * The fake Stripe answers as Stripe does where the studio's guarantees depend on it: a session's
 * line items are a list of line items (or Stripe's 404), and a POST's Idempotency-Key gives the same
 * answer for 24 hours (another request under the key is refused). With that, a race of first
 * checkouts shows what the studio promises: one Stripe customer per user.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBillingStudio, type BillingStudio } from '@test/helpers/billing';
import { sdkFor } from '@test/helpers/fake-stripe';

let billing: BillingStudio;
let sdk: Stripe;

beforeAll(async () => {
  billing = await startBillingStudio();
  sdk = sdkFor(billing.stripe);
});

afterAll(async () => {
  await billing?.stop();
});

describe('line items', () => {
  it('a session’s line items are a list of line items; an unknown session is 404', async () => {
    const user = await billing.studio.createUser();
    const { sessionId } = await billing.checkout(user, 'credits-1200');
    const lines = await sdk.checkout.sessions.listLineItems(sessionId);
    expect(lines).toMatchObject({ object: 'list', has_more: false, url: `/v1/checkout/sessions/${sessionId}/line_items` });
    expect(lines.data).toEqual([
      expect.objectContaining({ object: 'item', amount_subtotal: 1000, amount_total: 1000, currency: 'usd', description: '1,200 credits', quantity: 1, price: expect.objectContaining({ object: 'price', unit_amount: 1000, type: 'one_time' }) }),
    ]);
    const refusal = await sdk.checkout.sessions.listLineItems('cs_test_nobody').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refusal).toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such checkout.session: 'cs_test_nobody'" });
  });
});

describe('idempotency keys', () => {
  it('the same key and parameters answer the first answer for 24 hours; other parameters are refused; then the key is free', async () => {
    const { stripe } = billing;
    const first = await sdk.customers.create({ email: 'same@example.test' }, { idempotencyKey: 'key-one' });
    const again = await sdk.customers.create({ email: 'same@example.test' }, { idempotencyKey: 'key-one' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    const other = await sdk.customers.create({ email: 'other@example.test' }, { idempotencyKey: 'key-one' }).catch((error: unknown) => error);
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(other).toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
    stripe.advanceTime(24 * 60 * 60 - 10);
    expect((await sdk.customers.create({ email: 'same@example.test' }, { idempotencyKey: 'key-one' })).id).toBe(first.id);
    stripe.advanceTime(10);
    const later = await sdk.customers.create({ email: 'same@example.test' }, { idempotencyKey: 'key-one' });
    expect(later.id).not.toBe(first.id);
    expect(stripe.customers().filter((c) => c.email === 'same@example.test').map((c) => c.id)).toEqual([first.id, later.id]);
  });
});

describe('one Stripe customer per user', () => {
  it('eight first checkouts of one user at once make one customer, stored, and every session names it', async () => {
    const { studio, stripe } = billing;
    const user = await studio.createUser();
    const checkouts = await Promise.all(Array.from({ length: 8 }, (_, i) => billing.checkout(user, i % 2 === 0 ? 'credits-500' : 'premium-monthly')));
    const customers = stripe.customers().filter((customer) => (customer.metadata as Record<string, string>).userId === user.id);
    expect(customers).toHaveLength(1);
    const stored = await studio.db.user.findUniqueOrThrow({ where: { id: user.id }, select: { stripeCustomerId: true } });
    expect(stored.stripeCustomerId).toBe(customers[0]!.id);
    expect(new Set(checkouts.map(({ sessionId }) => stripe.session(sessionId).customer))).toEqual(new Set([customers[0]!.id]));
    // Every creation asked under the user's one key.
    const creations = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/customers' && r.rawBody.includes(encodeURIComponent(user.id)));
    expect(creations.length).toBeGreaterThanOrEqual(1);
    expect(new Set(creations.map((r) => r.headers['idempotency-key']))).toEqual(new Set([`studio-customer-${user.id}`]));
  });
});
