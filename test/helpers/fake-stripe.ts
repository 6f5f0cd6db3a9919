/**
 * A loopback double of the parts of Stripe's API (v1) the studio calls, in Stripe's response
 * shapes, so the real `stripe` SDK can be pointed at it (STRIPE_API_BASE_URL → host, port,
 * protocol):
 *
 *   POST /v1/customers                      GET /v1/customers/{id}
 *   POST /v1/checkout/sessions              GET /v1/checkout/sessions/{id}  (expand line_items, payment_intent.latest_charge)
 *   GET  /v1/checkout/sessions              (payment_intent, status, created[gte], starting_after, limit)
 *   GET  /v1/checkout/sessions/{id}/line_items
 *   GET  /v1/subscriptions/{id}           DELETE /v1/subscriptions/{id} (cancels at once)
 *   GET  /v1/invoices/{id}                  (expand payments)   GET /v1/invoices (status, created[gte])
 *   GET  /v1/refunds?charge=                GET /v1/disputes?charge=   GET /v1/disputes/{id}
 *   POST /v1/refunds (payment_intent, amount: all that is left by default)
 *   POST /v1/billing_portal/sessions
 *
 * Requests are form-encoded with bracketed keys (line_items[0][price_data][currency]=usd), as the
 * SDK sends them; `Authorization: Bearer <key>` is checked; unknown objects answer Stripe's 404
 * error shape. A POST's `Idempotency-Key` is honoured as Stripe does: the same key with the same
 * parameters answers the first answer again for 24 hours of the fake's clock (`Idempotent-Replayed:
 * true`), with other parameters a 400 idempotency_error. Charges, refunds, disputes, subscriptions
 * and invoices carry every field of their type (stripe-objects/). The test drives what a buyer,
 * Stripe and the account's other users would do (pay, refund, dispute, renew, change a subscription,
 * make one in the Dashboard, take another integration's payment) and sends events signed the way
 * Stripe signs them (the SDK's generateTestHeaderString) to the app's webhook over HTTP. Every
 * request is recorded.
 */
import { createHash, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { CreditPack } from '~/server/services/billing/catalogue';
import { sendJson, startLoopbackServer, type RecordedRequest } from './http';
import { chargeObject, disputeObject, refundObject } from './stripe-objects/payments';
import { invoiceObject, invoicePaymentObject } from './stripe-objects/invoices';
import { subscriptionObject } from './stripe-objects/subscriptions';

type Json = Record<string, unknown>;

export type FakeStripeOptions = { secretKey?: string; webhookSecret?: string };

export type SentDelivery = { status: number; body: { ok?: boolean; outcome?: string; error?: string; message?: string } };

/** A payment made on the account without the studio's checkout (a Payment Link, another integration). */
export type ForeignPayment = { chargeId: string; paymentIntentId: string };

export type FakeStripe = {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** The environment that points the studio at this double. */
  env: Record<string, string>;
  requests: RecordedRequest[];
  /** Where send() delivers events (the app's /api/webhooks/stripe). */
  setWebhookUrl(url: string): void;
  /** The next `times` requests whose path starts with `pathPrefix` answer `status` (Stripe's api_error shape). */
  failNext(pathPrefix: string, status: number, times?: number): void;
  /** Moves the fake's clock on (object timestamps, the 24 hours an idempotency key lasts). */
  advanceTime(seconds: number): void;
  /** Every customer created, oldest first. */
  customers(): Json[];
  session(id: string): Json;
  subscription(id: string): Json;
  invoice(id: string): Json;
  /** The buyer pays a session (or, with `delayed`, completes it with a payment still processing). */
  pay(sessionId: string, options?: { delayed?: boolean }): { session: Json; chargeId: string; paymentIntentId: string; subscription?: Json; invoice?: Json };
  /** A delayed payment method's money arrives. */
  settle(sessionId: string): Json;
  refund(chargeId: string, amount?: number): { refund: Json; charge: Json };
  /** Opens a dispute (a chargeback, or with a warning_ status an inquiry). */
  openDispute(chargeId: string, amount?: number, status?: Stripe.Dispute.Status): Json;
  /** Moves a dispute on: won, lost, prevented (by a refund), warning_closed (an inquiry closed). */
  closeDispute(disputeId: string, status: Stripe.Dispute.Status): Json;
  /** Next month: a new paid invoice of the subscription, the period moved on. */
  renew(subscriptionId: string): Json;
  updateSubscription(subscriptionId: string, patch: { status?: string; cancel_at_period_end?: boolean }): Json;
  /** A subscription someone made in the Dashboard for a customer (metadata as they typed it: none by default), with its first invoice paid. */
  dashboardSubscription(customerId: string, options?: { amount?: number; metadata?: Record<string, string> }): { subscription: Json; invoice: Json };
  /** A card payment taken on the account without the studio's checkout. */
  foreignPayment(options?: { amount?: number; customer?: string | null }): ForeignPayment;
  charge(id: string): Json;
  /** A Stripe event envelope around a snapshot of the object. */
  event(type: string, object: Json, options?: { id?: string }): Json;
  /** POSTs the event to the webhook, signed (or as told: another secret, an old timestamp, a forged header). */
  send(event: Json, options?: { secret?: string; timestamp?: number; signature?: string }): Promise<SentDelivery>;
  close(): Promise<void>;
};

const MONTH = 30 * 24 * 60 * 60;

/** How long Stripe keeps an idempotency key's answer. */
const IDEMPOTENCY_SECONDS = 24 * 60 * 60;

/** Parses Stripe's form encoding (a[b][0][c]=v) into nested objects and arrays. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Json = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
      } else {
        node[part] ??= {};
        node = node[part] as Json;
      }
    });
  }
  const arrays = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object') return value;
    const entries = Object.entries(value as Json).map(([k, v]) => [k, arrays(v)] as const);
    const keys = entries.map(([k]) => k);
    if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => v);
    return Object.fromEntries(entries);
  };
  return arrays(root) as Json;
}

function list(url: string, data: Json[], query: Json): Json {
  const limit = Math.min(Number(query.limit ?? 10), 100);
  let rows = [...data].sort((a, b) => (b.created as number) - (a.created as number) || String(b.id).localeCompare(String(a.id)));
  if (typeof query.starting_after === 'string') {
    const index = rows.findIndex((row) => row.id === query.starting_after);
    rows = index >= 0 ? rows.slice(index + 1) : [];
  }
  const page = rows.slice(0, limit);
  return { object: 'list', url, has_more: rows.length > limit, data: page };
}

function createdSince(query: Json): number {
  const created = query.created as Json | undefined;
  return created && typeof created.gte === 'string' ? Number(created.gte) : 0;
}

/** The real Stripe SDK pointed at the fake (as the studio's own client is, through `env`). */
export function sdkFor(stripe: FakeStripe): Stripe {
  const origin = new URL(stripe.url);
  return new Stripe(stripe.secretKey, { host: origin.hostname, port: origin.port, protocol: 'http', telemetry: false });
}

/**
 * A buyer's paid checkout of one credit pack, made without the studio: the session is created
 * through the SDK with the metadata the studio's checkout writes, then paid. Returns the paid
 * session, for the events a test or the bench sends to the webhook.
 */
export async function paidPackSession(stripe: FakeStripe, sdk: Stripe, userId: string, pack: CreditPack, siteUrl: string): Promise<Json> {
  const metadata = { userId, item: pack.id };
  const created = await sdk.checkout.sessions.create({
    mode: 'payment',
    client_reference_id: userId,
    metadata,
    payment_intent_data: { metadata },
    line_items: [{ quantity: 1, price_data: { currency: pack.currency, unit_amount: pack.amount, product_data: { name: `${pack.credits} credits` } } }],
    success_url: `${siteUrl}/billing/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${siteUrl}/pricing`,
  });
  return stripe.pay(created.id).session;
}

type Answer = { status: number; body: unknown };

const missing = (kind: string, id: string): Answer => ({
  status: 404,
  body: { error: { code: 'resource_missing', doc_url: 'https://stripe.com/docs/error-codes/resource-missing', message: `No such ${kind}: '${id}'`, param: 'id', type: 'invalid_request_error' } },
});

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? 'sk_test_fake_studio';
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('base64')}`;
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const sessionLines = new Map<string, Json[]>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  /** The payment intent that paid each invoice (listed by `expand[]=payments`). */
  const invoicePayments = new Map<string, string>();
  const paymentIntents = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const disputes = new Map<string, Json>();
  const idempotent = new Map<string, { parameters: string; answer: Answer; at: number }>();
  const faults: { prefix: string; status: number; times: number }[] = [];
  let webhookUrl: string | undefined;
  let counter = 0;
  let clock = Math.floor(Date.now() / 1000);
  const now = () => (clock += 1);
  const newId = (prefix: string) => `${prefix}_${(counter += 1).toString(36).padStart(4, '0')}${randomBytes(6).toString('hex')}`;
  const ok = (body: unknown): Answer => ({ status: 200, body });

  const expandSession = (session: Json, expand: string[]): Json => {
    const out: Json = { ...session };
    if (expand.includes('line_items')) out.line_items = lineItemList(session.id as string);
    if (expand.some((e) => e.startsWith('payment_intent')) && typeof session.payment_intent === 'string') {
      const intent = { ...paymentIntents.get(session.payment_intent)! };
      if (expand.includes('payment_intent.latest_charge') && typeof intent.latest_charge === 'string') intent.latest_charge = charges.get(intent.latest_charge);
      out.payment_intent = intent;
    }
    return out;
  };

  const lineItemList = (sessionId: string): Json => ({ object: 'list', url: `/v1/checkout/sessions/${sessionId}/line_items`, has_more: false, data: sessionLines.get(sessionId) ?? [] });

  const expandInvoice = (invoice: Json, expand: string[]): Json => {
    if (!expand.includes('payments')) return invoice;
    const intent = invoicePayments.get(invoice.id as string);
    const data = intent
      ? [invoicePaymentObject({ id: newId('inpay'), invoice: invoice.id as string, created: invoice.created as number, currency: invoice.currency as string, amount: invoice.amount_paid as number, paymentIntent: intent })]
      : [];
    return { ...invoice, payments: { object: 'list', url: `/v1/invoice_payments`, has_more: false, data } };
  };

  const makePayment = (amount: number, currency: string, customer: string | null, metadata: Stripe.Metadata, status: 'succeeded' | 'processing' = 'succeeded') => {
    const paymentIntentId = newId('pi');
    const chargeId = newId('ch');
    const created = now();
    charges.set(chargeId, chargeObject({ id: chargeId, created, currency, amount, customer, paymentIntent: paymentIntentId, paid: status === 'succeeded' }) as unknown as Json);
    paymentIntents.set(paymentIntentId, { id: paymentIntentId, object: 'payment_intent', amount, amount_received: status === 'succeeded' ? amount : 0, currency, customer, latest_charge: chargeId, metadata, status, created });
    return { paymentIntentId, chargeId };
  };

  const newInvoice = (subscription: Json, reason: Stripe.Invoice.BillingReason, periodStart: number, periodEnd: number, amount: number, currency: string): Json => {
    const { paymentIntentId } = makePayment(amount, currency, subscription.customer as string, {});
    const id = newId('in');
    const item = (subscription.items as { data: Json[] }).data[0]!;
    const invoice = invoiceObject({
      id, created: now(), currency, amount, customer: subscription.customer as string, subscription: subscription.id as string, subscriptionItem: item.id as string,
      subscriptionMetadata: subscription.metadata as Stripe.Metadata, billingReason: reason, periodStart, periodEnd,
    }) as unknown as Json;
    invoices.set(id, invoice);
    invoicePayments.set(id, paymentIntentId);
    return invoice;
  };

  const newSubscription = (customer: string, metadata: Stripe.Metadata, amount: number, currency: string): { subscription: Json; invoice: Json } => {
    const start = now();
    const id = newId('sub');
    const subscription = subscriptionObject({ id, created: start, currency, amount, customer, metadata, latestInvoice: null, periodStart: start }) as unknown as Json;
    subscriptions.set(id, subscription);
    const invoice = newInvoice(subscription, 'subscription_create', start, start + MONTH, amount, currency);
    subscription.latest_invoice = invoice.id;
    return { subscription, invoice };
  };

  function publicSession(session: Json): Json {
    const { studio_payment_intent_data: _a, studio_subscription_data: _b, ...rest } = session;
    return rest;
  }

  /** A refund of the charge (all that is left of it by default), as the Dashboard or the API makes one. */
  function refundCharge(chargeId: string, amount?: number): { refund: Json; charge: Json } {
    const charge = find(charges, 'charge', chargeId);
    const value = amount ?? (charge.amount as number) - (charge.amount_refunded as number);
    const id = newId('re');
    const refund = refundObject({
      id, created: now(), currency: charge.currency as string, amount: value, charge: chargeId, paymentIntent: charge.payment_intent as string, customer: charge.customer as string | null, status: 'succeeded',
    }) as unknown as Json;
    refunds.set(id, refund);
    charge.amount_refunded = (charge.amount_refunded as number) + value;
    charge.refunded = charge.amount_refunded === charge.amount;
    return { refund, charge: { ...charge } };
  }

  /** What the API answers a request (idempotency and faults aside). */
  function answer(recorded: RecordedRequest): Answer {
    const body = recorded.rawBody && recorded.headers['content-type']?.includes('json') ? (recorded.body as Json) : parseStripeForm(recorded.rawBody);
    const query = parseStripeForm(new URLSearchParams(recorded.query).toString());
    const expand = ((recorded.method === 'GET' ? query.expand : body.expand) as string[] | undefined) ?? [];
    const segments = recorded.path.split('/').filter(Boolean);
    const [, resource, id, sub, more] = segments;
    const get = recorded.method === 'GET';

    if (recorded.method === 'POST' && resource === 'customers' && id === undefined) {
      const customerId = newId('cus');
      const customer = { id: customerId, object: 'customer', created: now(), email: body.email ?? null, livemode: false, metadata: body.metadata ?? {} };
      customers.set(customerId, customer);
      return ok(customer);
    }
    if (get && resource === 'customers' && id !== undefined && sub === undefined) return customers.has(id) ? ok(customers.get(id)) : missing('customer', id);
    if (resource === 'checkout' && id === 'sessions') {
      const sessionId = sub;
      if (recorded.method === 'POST' && sessionId === undefined) return ok(createSession(body));
      if (get && sessionId === undefined) {
        const since = createdSince(query);
        const rows = [...sessions.values()].filter(
          (s) => (s.created as number) >= since && (query.status === undefined || s.status === query.status) && (query.payment_intent === undefined || s.payment_intent === query.payment_intent),
        );
        return ok(list('/v1/checkout/sessions', rows.map(publicSession), query));
      }
      if (get && sessionId !== undefined && more === undefined) return sessions.has(sessionId) ? ok(expandSession(publicSession(sessions.get(sessionId)!), expand)) : missing('checkout.session', sessionId);
      if (get && sessionId !== undefined && more === 'line_items') return sessions.has(sessionId) ? ok(lineItemList(sessionId)) : missing('checkout.session', sessionId);
    }
    if (get && resource === 'subscriptions' && id !== undefined) return subscriptions.has(id) ? ok(subscriptions.get(id)) : missing('subscription', id);
    if (recorded.method === 'DELETE' && resource === 'subscriptions' && id !== undefined) {
      const subscription = subscriptions.get(id);
      if (!subscription) return missing('subscription', id);
      Object.assign(subscription, { status: 'canceled', cancel_at_period_end: false, canceled_at: now(), ended_at: now() });
      return ok(subscription);
    }
    if (get && resource === 'invoices' && id !== undefined) return invoices.has(id) ? ok(expandInvoice(invoices.get(id)!, expand)) : missing('invoice', id);
    if (get && resource === 'invoices') {
      const since = createdSince(query);
      const rows = [...invoices.values()].filter((i) => (i.created as number) >= since && (query.status === undefined || i.status === query.status));
      return ok(list('/v1/invoices', rows, query));
    }
    if (get && resource === 'refunds' && id === undefined) return ok(list('/v1/refunds', [...refunds.values()].filter((r) => query.charge === undefined || r.charge === query.charge), query));
    if (recorded.method === 'POST' && resource === 'refunds' && id === undefined) {
      const intent = paymentIntents.get(String(body.payment_intent));
      if (!intent) return missing('payment_intent', String(body.payment_intent));
      const charge = charges.get(intent.latest_charge as string)!;
      const left = (charge.amount as number) - (charge.amount_refunded as number);
      const amount = body.amount === undefined ? left : Number(body.amount);
      if (left <= 0 || amount > left) {
        return { status: 400, body: { error: { code: 'charge_already_refunded', message: `Charge ${charge.id as string} has already been refunded.`, type: 'invalid_request_error' } } };
      }
      return ok(refundCharge(charge.id as string, amount).refund);
    }
    if (get && resource === 'disputes' && id === undefined) return ok(list('/v1/disputes', [...disputes.values()].filter((d) => query.charge === undefined || d.charge === query.charge), query));
    if (get && resource === 'disputes' && id !== undefined) return disputes.has(id) ? ok(disputes.get(id)) : missing('dispute', id);
    if (recorded.method === 'POST' && resource === 'billing_portal' && id === 'sessions') {
      if (!customers.has(String(body.customer))) return missing('customer', String(body.customer));
      const portalId = newId('bps');
      return ok({ id: portalId, object: 'billing_portal.session', created: now(), customer: body.customer, livemode: false, return_url: body.return_url ?? null, url: `${server.url}/portal/${portalId}` });
    }
    return { status: 404, body: { error: { message: `Unrecognized request URL (${recorded.method}: ${recorded.path}).`, type: 'invalid_request_error' } } };
  }

  function createSession(body: Json): Json {
    const id = newId('cs_test');
    const lineItems = (body.line_items as Json[] | undefined) ?? [];
    const lines = lineItems.map((line) => {
      const price = line.price_data as Json;
      const quantity = Number(line.quantity ?? 1);
      const unit = Number(price.unit_amount);
      return {
        id: newId('li'), object: 'item', amount_discount: 0, amount_subtotal: unit * quantity, amount_tax: 0, amount_total: unit * quantity, currency: price.currency,
        description: (price.product_data as Json | undefined)?.name ?? null, quantity,
        price: { id: newId('price'), object: 'price', currency: price.currency, unit_amount: unit, recurring: price.recurring ? { interval: (price.recurring as Json).interval, interval_count: 1 } : null, type: price.recurring ? 'recurring' : 'one_time' },
      };
    });
    const total = lines.reduce((sum, line) => sum + line.amount_total, 0);
    const session: Json = {
      id, object: 'checkout.session', amount_subtotal: total, amount_total: total, cancel_url: body.cancel_url ?? null,
      client_reference_id: body.client_reference_id ?? null, created: now(), currency: (lines[0]?.currency as string) ?? null,
      customer: body.customer ?? null, customer_email: null, expires_at: now() + 86_400, invoice: null, livemode: false,
      metadata: body.metadata ?? {}, mode: body.mode, payment_intent: null, payment_status: 'unpaid', status: 'open',
      subscription: null, success_url: typeof body.success_url === 'string' ? body.success_url.replace('{CHECKOUT_SESSION_ID}', id) : null,
      url: `${server.url}/pay/${id}`,
      // What the session will hand on to its payment intent or subscription (not part of Stripe's session object).
      studio_payment_intent_data: body.payment_intent_data ?? null, studio_subscription_data: body.subscription_data ?? null,
    };
    sessions.set(id, session);
    sessionLines.set(id, lines);
    return publicSession(session);
  }

  /** A POST with an Idempotency-Key: the key's first answer, its refusal, or null to answer anew. */
  function replayed(recorded: RecordedRequest): Answer | null {
    const key = recorded.headers['idempotency-key'];
    if (recorded.method !== 'POST' || !key) return null;
    const known = idempotent.get(key);
    if (!known || clock - known.at >= IDEMPOTENCY_SECONDS) return null;
    if (known.parameters !== parametersOf(recorded)) {
      return {
        status: 400,
        body: { error: { message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`, type: 'idempotency_error' } },
      };
    }
    return known.answer;
  }

  const parametersOf = (recorded: RecordedRequest) => createHash('sha256').update(`${recorded.path}\n${recorded.rawBody}`).digest('hex');

  const server = await startLoopbackServer((_req, res, recorded) => {
    requests.push(recorded);
    const auth = recorded.headers.authorization ?? '';
    if (auth !== `Bearer ${secretKey}`) {
      sendJson(res, 401, { error: { message: 'Invalid API Key provided: sk_****', type: 'invalid_request_error' } });
      return;
    }
    const fault = faults.find((f) => recorded.path.startsWith(f.prefix) && f.times > 0);
    if (fault) {
      fault.times -= 1;
      sendJson(res, fault.status, { error: { message: 'An unknown error occurred', type: 'api_error' } });
      return;
    }
    const replay = replayed(recorded);
    if (replay) {
      sendJson(res, replay.status, replay.body, replay.status === 200 ? { 'idempotent-replayed': 'true' } : {});
      return;
    }
    const fresh = answer(recorded);
    const key = recorded.headers['idempotency-key'];
    // Stripe keeps a key's answer unless the request failed before it ran (its own 5xx, a 429).
    if (recorded.method === 'POST' && key && fresh.status < 500) idempotent.set(key, { parameters: parametersOf(recorded), answer: fresh, at: clock });
    sendJson(res, fresh.status, fresh.body);
  });

  const find = (map: Map<string, Json>, kind: string, id: string): Json => {
    const found = map.get(id);
    if (!found) throw new Error(`fake stripe: no ${kind} ${id}`);
    return found;
  };

  const fake: FakeStripe = {
    url: server.url,
    secretKey,
    webhookSecret,
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE_URL: server.url },
    requests,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    failNext(prefix, status, times = 1) {
      faults.push({ prefix, status, times });
    },
    advanceTime(seconds) {
      clock += seconds;
    },
    customers: () => [...customers.values()],
    session: (id) => publicSession(find(sessions, 'session', id)),
    subscription: (id) => find(subscriptions, 'subscription', id),
    invoice: (id) => find(invoices, 'invoice', id),
    charge: (id) => find(charges, 'charge', id),

    pay(sessionId, { delayed = false } = {}) {
      const session = find(sessions, 'session', sessionId);
      const amount = session.amount_total as number;
      const currency = session.currency as string;
      if (session.mode === 'payment') {
        const metadata = ((session.studio_payment_intent_data as Json | null)?.metadata as Stripe.Metadata) ?? {};
        const { paymentIntentId, chargeId } = makePayment(amount, currency, session.customer as string | null, metadata, delayed ? 'processing' : 'succeeded');
        Object.assign(session, { status: 'complete', payment_status: delayed ? 'unpaid' : 'paid', payment_intent: paymentIntentId });
        return { session: publicSession(session), chargeId, paymentIntentId };
      }
      const metadata = ((session.studio_subscription_data as Json | null)?.metadata as Stripe.Metadata) ?? {};
      const { subscription, invoice } = newSubscription(session.customer as string, metadata, amount, currency);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id, invoice: invoice.id });
      return { session: publicSession(session), chargeId: '', paymentIntentId: invoicePayments.get(invoice.id as string)!, subscription, invoice };
    },

    settle(sessionId) {
      const session = find(sessions, 'session', sessionId);
      const intent = find(paymentIntents, 'payment intent', session.payment_intent as string);
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
      Object.assign(find(charges, 'charge', intent.latest_charge as string), { paid: true, status: 'succeeded', captured: true, amount_captured: intent.amount });
      session.payment_status = 'paid';
      return publicSession(session);
    },

    refund(chargeId, amount) {
      return refundCharge(chargeId, amount);
    },

    openDispute(chargeId, amount, status = 'needs_response') {
      const charge = find(charges, 'charge', chargeId);
      const id = newId('dp');
      const dispute = disputeObject({ id, created: now(), currency: charge.currency as string, amount: amount ?? (charge.amount as number), charge: chargeId, paymentIntent: charge.payment_intent as string, status }) as unknown as Json;
      disputes.set(id, dispute);
      charge.disputed = true;
      return { ...dispute };
    },

    closeDispute(disputeId, status) {
      const dispute = find(disputes, 'dispute', disputeId);
      dispute.status = status;
      return { ...dispute };
    },

    renew(subscriptionId) {
      const subscription = find(subscriptions, 'subscription', subscriptionId);
      const item = (subscription.items as { data: Json[] }).data[0]!;
      const start = item.current_period_end as number;
      const end = start + MONTH;
      Object.assign(item, { current_period_start: start, current_period_end: end });
      const price = item.price as Json;
      const invoice = newInvoice(subscription, 'subscription_cycle', start, end, price.unit_amount as number, price.currency as string);
      subscription.latest_invoice = invoice.id;
      subscription.status = 'active';
      return invoice;
    },

    updateSubscription(subscriptionId, patch) {
      const subscription = find(subscriptions, 'subscription', subscriptionId);
      Object.assign(subscription, patch);
      if (patch.status === 'canceled') Object.assign(subscription, { canceled_at: now(), ended_at: now() });
      return { ...subscription };
    },

    dashboardSubscription(customerId, { amount = 1200, metadata = {} } = {}) {
      return newSubscription(customerId, metadata, amount, 'usd');
    },

    foreignPayment({ amount = 900, customer = null } = {}) {
      return makePayment(amount, 'usd', customer, {});
    },

    event(type, object, { id } = {}) {
      return { id: id ?? newId('evt'), object: 'event', api_version: Stripe.API_VERSION, created: now(), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object: structuredClone(object) } };
    },

    async send(event, { secret, timestamp, signature } = {}) {
      if (!webhookUrl) throw new Error('fake stripe: setWebhookUrl first');
      const payload = JSON.stringify(event, null, 2);
      const header = signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: secret ?? webhookSecret, ...(timestamp === undefined ? {} : { timestamp }) });
      const response = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' }, body: payload });
      const text = await response.text();
      let body: SentDelivery['body'] = {};
      try {
        body = JSON.parse(text) as SentDelivery['body'];
      } catch {
        body = { message: text };
      }
      return { status: response.status, body };
    },

    close: () => server.close(),
  };
  return fake;
}
