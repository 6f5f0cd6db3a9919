/**
 * The Stripe gateway: the official SDK, configured from env.ts only (the secret key, and in tests
 * a loopback origin split into the SDK's host, port and protocol).
 */
import Stripe from 'stripe';
import { getEnv } from '~/env';
import { AppError } from '~/server/errors';
import { itemName } from '../catalogue';
import { checkoutSessionShape, disputeShape, invoiceShape, refundShape, subscriptionShape } from '../shapes';
import type { CheckoutRequest, PaymentGateway, RefundRequest, RetrievedSession } from './types';

let cached: { key: string; base: string | undefined; client: Stripe } | undefined;

function stripeClient(): Stripe {
  const env = getEnv();
  const key = env.STRIPE_SECRET_KEY;
  if (!key) throw new AppError('payments_unavailable');
  const base = env.STRIPE_API_BASE_URL;
  if (cached?.key === key && cached.base === base) return cached.client;
  const origin = base ? new URL(base) : undefined;
  const client = new Stripe(key, {
    ...(origin ? { host: origin.hostname, port: origin.port || (origin.protocol === 'http:' ? 80 : 443), protocol: origin.protocol === 'http:' ? 'http' : 'https' } : {}),
    // A webhook's read-back must answer well inside Stripe's own delivery timeout.
    timeout: 10_000,
    maxNetworkRetries: 2,
    telemetry: false,
  });
  cached = { key, base, client };
  return client;
}

function receiptOf(paymentIntent: unknown): string | null {
  if (!paymentIntent || typeof paymentIntent !== 'object') return null;
  const charge = (paymentIntent as { latest_charge?: unknown }).latest_charge;
  if (!charge || typeof charge !== 'object') return null;
  const url = (charge as { receipt_url?: unknown }).receipt_url;
  return typeof url === 'string' ? url : null;
}

export const stripeGateway: PaymentGateway = {
  kind: 'stripe',

  async createCustomer({ userId, email }) {
    // The key makes a retried or racing first checkout create one customer, not two.
    const customer = await stripeClient().customers.create({ email, metadata: { userId } }, { idempotencyKey: `studio-customer-${userId}` });
    return customer.id;
  },

  async createCheckoutSession({ item, userId, customerId, successUrl, cancelUrl }: CheckoutRequest) {
    const metadata = { userId, item: item.id };
    const price: Stripe.Checkout.SessionCreateParams.LineItem.PriceData = {
      currency: item.currency,
      unit_amount: item.amount,
      product_data: { name: itemName(item) },
      ...(item.kind === 'plan' ? { recurring: { interval: item.interval } } : {}),
    };
    const session = await stripeClient().checkout.sessions.create({
      mode: item.kind === 'pack' ? 'payment' : 'subscription',
      customer: customerId,
      client_reference_id: userId,
      metadata,
      line_items: [{ quantity: 1, price_data: price }],
      success_url: successUrl,
      cancel_url: cancelUrl,
      ...(item.kind === 'pack' ? { payment_intent_data: { metadata } } : { subscription_data: { metadata } }),
    });
    if (!session.url) throw new AppError('internal', 'The payment provider returned a checkout session without a URL.');
    return { id: session.id, url: session.url };
  },

  async retrieveCheckoutSession(id): Promise<RetrievedSession> {
    const session = await stripeClient().checkout.sessions.retrieve(id, { expand: ['line_items', 'payment_intent.latest_charge'] });
    return {
      ...checkoutSessionShape.parse(session),
      lineTotals: session.line_items?.data.map((line) => line.amount_total) ?? [],
      receiptUrl: receiptOf(session.payment_intent),
    };
  },

  async retrieveSubscription(id) {
    return subscriptionShape.parse(await stripeClient().subscriptions.retrieve(id));
  },

  async cancelSubscription(id) {
    return subscriptionShape.parse(await stripeClient().subscriptions.cancel(id, {}, { idempotencyKey: `studio-cancel-${id}` }));
  },

  async retrieveInvoice(id) {
    return invoiceShape.parse(await stripeClient().invoices.retrieve(id, { expand: ['payments'] }));
  },

  async refundPayment({ paymentIntentId, amount, idempotencyKey, reason }: RefundRequest) {
    const refund = await stripeClient().refunds.create(
      { payment_intent: paymentIntentId, amount, reason: 'requested_by_customer', metadata: { studioReason: reason.slice(0, 500) } },
      { idempotencyKey: `studio-refund-${idempotencyKey}` },
    );
    const chargeId = typeof refund.charge === 'string' ? refund.charge : (refund.charge?.id ?? null);
    if (!chargeId) throw new AppError('provider_error', 'The payment provider answered a refund without its charge.');
    return { refundId: refund.id, chargeId };
  },

  async listRefunds(chargeId) {
    const refunds = [];
    for await (const refund of stripeClient().refunds.list({ charge: chargeId, limit: 100 })) refunds.push(refundShape.parse(refund));
    return refunds;
  },

  async listDisputes(chargeId) {
    const disputes = [];
    for await (const dispute of stripeClient().disputes.list({ charge: chargeId, limit: 100 })) disputes.push(disputeShape.parse(dispute));
    return disputes;
  },

  async findSessionByPaymentIntent(paymentIntentId) {
    const page = await stripeClient().checkout.sessions.list({ payment_intent: paymentIntentId, limit: 1 });
    const session = page.data[0];
    return session ? checkoutSessionShape.parse(session) : null;
  },

  async createPortalSession(customerId, returnUrl) {
    const portal = await stripeClient().billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
    return portal.url;
  },

  async *listCompletedSessions(since) {
    for await (const session of stripeClient().checkout.sessions.list({ created: { gte: Math.floor(since.getTime() / 1000) }, status: 'complete', limit: 100 })) {
      yield checkoutSessionShape.parse(session);
    }
  },

  async *listPaidInvoices(since) {
    for await (const invoice of stripeClient().invoices.list({ created: { gte: Math.floor(since.getTime() / 1000) }, status: 'paid', limit: 100 })) {
      yield invoiceShape.parse(invoice);
    }
  },
};
