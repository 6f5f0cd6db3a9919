/**
 * A loopback double of the parts of Stripe's API (v1) the studio calls, in Stripe's response
 * shapes, so the real `stripe` SDK can be pointed at it (STRIPE_API_BASE_URL → host, port,
 * protocol):
 *
 *   POST /v1/customers                      GET /v1/customers/{id}
 *   POST /v1/checkout/sessions              GET /v1/checkout/sessions/{id}  (expand line_items, payment_intent.latest_charge)
 *   GET  /v1/checkout/sessions              (payment_intent, status, created[gte], starting_after, limit)
 *   GET  /v1/subscriptions/{id}
 *   GET  /v1/invoices/{id}                  (expand payments)   GET /v1/invoices (status, created[gte])
 *   GET  /v1/refunds?charge=                POST /v1/billing_portal/sessions
 *
 * Requests are form-encoded with bracketed keys (line_items[0][price_data][currency]=usd), as the
 * SDK sends them; `Authorization: Bearer <key>` is checked; unknown objects answer Stripe's 404
 * error shape. The test drives what a buyer and Stripe would do (pay, refund, dispute, renew,
 * change a subscription) and sends events signed the way Stripe signs them (the SDK's
 * generateTestHeaderString) to the app's webhook over HTTP. Every request is recorded.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import Stripe from 'stripe';
import type { CreditPack } from '~/server/services/billing/catalogue';
import { sendJson, startLoopbackServer, type RecordedRequest } from './http';

type Json = Record<string, unknown>;

export type FakeStripeOptions = { secretKey?: string; webhookSecret?: string };

export type SentDelivery = { status: number; body: { ok?: boolean; outcome?: string; error?: string; message?: string } };

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
  session(id: string): Json;
  subscription(id: string): Json;
  invoice(id: string): Json;
  /** The buyer pays a session (or, with `delayed`, completes it with a payment still processing). */
  pay(sessionId: string, options?: { delayed?: boolean }): { session: Json; chargeId: string; paymentIntentId: string; subscription?: Json; invoice?: Json };
  /** A delayed payment method's money arrives. */
  settle(sessionId: string): Json;
  refund(chargeId: string, amount?: number): { refund: Json; charge: Json };
  openDispute(chargeId: string, amount?: number): Json;
  closeDispute(disputeId: string, status: 'won' | 'lost'): Json;
  /** Next month: a new paid invoice of the subscription, the period moved on. */
  renew(subscriptionId: string): Json;
  updateSubscription(subscriptionId: string, patch: { status?: string; cancel_at_period_end?: boolean }): Json;
  charge(id: string): Json;
  /** A Stripe event envelope around a snapshot of the object. */
  event(type: string, object: Json, options?: { id?: string }): Json;
  /** POSTs the event to the webhook, signed (or as told: another secret, an old timestamp, a forged header). */
  send(event: Json, options?: { secret?: string; timestamp?: number; signature?: string }): Promise<SentDelivery>;
  close(): Promise<void>;
};

const MONTH = 30 * 24 * 60 * 60;

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

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? 'sk_test_fake_studio';
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('base64')}`;
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const sessionLines = new Map<string, Json[]>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const paymentIntents = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const disputes = new Map<string, Json>();
  const faults: { prefix: string; status: number; times: number }[] = [];
  let webhookUrl: string | undefined;
  let counter = 0;
  let clock = Math.floor(Date.now() / 1000);
  const now = () => (clock += 1);
  const newId = (prefix: string) => `${prefix}_${(counter += 1).toString(36).padStart(4, '0')}${randomBytes(6).toString('hex')}`;

  const missing = (res: ServerResponse, kind: string, id: string) =>
    sendJson(res, 404, { error: { code: 'resource_missing', doc_url: 'https://stripe.com/docs/error-codes/resource-missing', message: `No such ${kind}: '${id}'`, param: 'id', type: 'invalid_request_error' } });

  const expandSession = (session: Json, expand: string[]): Json => {
    const out: Json = { ...session };
    if (expand.includes('line_items')) {
      const lines = sessionLines.get(session.id as string) ?? [];
      out.line_items = { object: 'list', url: `/v1/checkout/sessions/${session.id}/line_items`, has_more: false, data: lines };
    }
    if (expand.some((e) => e.startsWith('payment_intent')) && typeof session.payment_intent === 'string') {
      const intent = { ...paymentIntents.get(session.payment_intent)! };
      if (expand.includes('payment_intent.latest_charge') && typeof intent.latest_charge === 'string') intent.latest_charge = charges.get(intent.latest_charge);
      out.payment_intent = intent;
    }
    return out;
  };

  const expandInvoice = (invoice: Json, expand: string[]): Json => {
    if (!expand.includes('payments')) return invoice;
    const intent = invoice.studio_payment_intent as string | undefined;
    const data = intent
      ? [{ id: newId('inpay'), object: 'invoice_payment', amount_paid: invoice.amount_paid, currency: invoice.currency, invoice: invoice.id, is_default: true, payment: { type: 'payment_intent', payment_intent: intent }, status: 'paid' }]
      : [];
    return { ...invoice, payments: { object: 'list', url: `/v1/invoice_payments`, has_more: false, data } };
  };

  const publicInvoice = (invoice: Json): Json => {
    const { studio_payment_intent: _hidden, ...rest } = invoice;
    return rest;
  };

  const makePayment = (amount: number, currency: string, customer: unknown, metadata: Json, status: 'succeeded' | 'processing' = 'succeeded') => {
    const paymentIntentId = newId('pi');
    const chargeId = newId('ch');
    const created = now();
    charges.set(chargeId, {
      id: chargeId, object: 'charge', amount, amount_captured: amount, amount_refunded: 0, captured: true, created, currency, customer,
      disputed: false, livemode: false, metadata: {}, paid: status === 'succeeded', payment_intent: paymentIntentId, refunded: false,
      receipt_url: `https://pay.stripe.test/receipts/${chargeId}`, status: status === 'succeeded' ? 'succeeded' : 'pending',
    });
    paymentIntents.set(paymentIntentId, { id: paymentIntentId, object: 'payment_intent', amount, amount_received: status === 'succeeded' ? amount : 0, currency, customer, latest_charge: chargeId, metadata, status, created });
    return { paymentIntentId, chargeId };
  };

  const newInvoice = (subscription: Json, reason: string, periodStart: number, periodEnd: number, amount: number, currency: string): Json => {
    const { paymentIntentId } = makePayment(amount, currency, subscription.customer, {});
    const id = newId('in');
    const invoice: Json = {
      id, object: 'invoice', amount_due: amount, amount_paid: amount, amount_remaining: 0, attempt_count: 1, attempted: true,
      billing_reason: reason, collection_method: 'charge_automatically', created: now(), currency, customer: subscription.customer,
      hosted_invoice_url: `https://invoice.stripe.test/i/${id}`, invoice_pdf: `https://invoice.stripe.test/i/${id}/pdf`, livemode: false,
      lines: { object: 'list', has_more: false, url: `/v1/invoices/${id}/lines`, data: [{ id: newId('il'), object: 'line_item', amount, currency, period: { start: periodStart, end: periodEnd } }] },
      metadata: {}, parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: subscription.metadata, subscription: subscription.id } },
      period_start: periodStart, period_end: periodEnd, status: 'paid', subtotal: amount, total: amount,
      status_transitions: { paid_at: now() }, studio_payment_intent: paymentIntentId,
    };
    invoices.set(id, invoice);
    return invoice;
  };

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
    const body = recorded.rawBody && recorded.headers['content-type']?.includes('json') ? (recorded.body as Json) : parseStripeForm(recorded.rawBody);
    const query = parseStripeForm(new URLSearchParams(recorded.query).toString());
    const expand = ((recorded.method === 'GET' ? query.expand : body.expand) as string[] | undefined) ?? [];
    const segments = recorded.path.split('/').filter(Boolean);
    const route = `${recorded.method} /${segments.slice(0, 3).join('/')}`;
    const [, , , fourth] = segments;

    if (route === 'POST /v1/customers') {
      const id = newId('cus');
      const customer = { id, object: 'customer', created: now(), email: body.email ?? null, livemode: false, metadata: body.metadata ?? {} };
      customers.set(id, customer);
      sendJson(res, 200, customer);
      return;
    }
    if (recorded.method === 'GET' && segments[1] === 'customers' && segments[2]) {
      const customer = customers.get(segments[2]);
      if (!customer) missing(res, 'customer', segments[2]);
      else sendJson(res, 200, customer);
      return;
    }
    if (route === 'POST /v1/checkout/sessions') {
      const id = newId('cs_test');
      const lineItems = (body.line_items as Json[] | undefined) ?? [];
      const lines = lineItems.map((line) => {
        const price = line.price_data as Json;
        const quantity = Number(line.quantity ?? 1);
        const unit = Number(price.unit_amount);
        return {
          id: newId('li'), object: 'item', amount_subtotal: unit * quantity, amount_total: unit * quantity, currency: price.currency,
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
      sendJson(res, 200, publicSession(session));
      return;
    }
    if (recorded.method === 'GET' && route === 'GET /v1/checkout/sessions' && fourth === undefined && segments.length === 3) {
      const since = createdSince(query);
      const rows = [...sessions.values()].filter(
        (s) => (s.created as number) >= since && (query.status === undefined || s.status === query.status) && (query.payment_intent === undefined || s.payment_intent === query.payment_intent),
      );
      sendJson(res, 200, list('/v1/checkout/sessions', rows.map(publicSession), query));
      return;
    }
    if (recorded.method === 'GET' && segments[1] === 'checkout' && segments[2] === 'sessions' && segments[3]) {
      const session = sessions.get(segments[3]);
      if (!session) missing(res, 'checkout.session', segments[3]);
      else sendJson(res, 200, expandSession(publicSession(session), expand));
      return;
    }
    if (recorded.method === 'GET' && segments[1] === 'subscriptions' && segments[2]) {
      const subscription = subscriptions.get(segments[2]);
      if (!subscription) missing(res, 'subscription', segments[2]);
      else sendJson(res, 200, subscription);
      return;
    }
    if (recorded.method === 'GET' && segments[1] === 'invoices' && segments[2]) {
      const invoice = invoices.get(segments[2]);
      if (!invoice) missing(res, 'invoice', segments[2]);
      else sendJson(res, 200, publicInvoice(expandInvoice(invoice, expand)));
      return;
    }
    if (route === 'GET /v1/invoices') {
      const since = createdSince(query);
      const rows = [...invoices.values()].filter((i) => (i.created as number) >= since && (query.status === undefined || i.status === query.status));
      sendJson(res, 200, list('/v1/invoices', rows.map(publicInvoice), query));
      return;
    }
    if (route === 'GET /v1/refunds') {
      const rows = [...refunds.values()].filter((r) => query.charge === undefined || r.charge === query.charge);
      sendJson(res, 200, list('/v1/refunds', rows, query));
      return;
    }
    if (route === 'POST /v1/billing_portal/sessions') {
      const id = newId('bps');
      if (!customers.has(String(body.customer))) {
        missing(res, 'customer', String(body.customer));
        return;
      }
      sendJson(res, 200, { id, object: 'billing_portal.session', created: now(), customer: body.customer, livemode: false, return_url: body.return_url ?? null, url: `${server.url}/portal/${id}` });
      return;
    }
    sendJson(res, 404, { error: { message: `Unrecognized request URL (${recorded.method}: ${recorded.path}).`, type: 'invalid_request_error' } });
  });

  function publicSession(session: Json): Json {
    const { studio_payment_intent_data: _a, studio_subscription_data: _b, ...rest } = session;
    return rest;
  }

  const get = (map: Map<string, Json>, kind: string, id: string): Json => {
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
    session: (id) => publicSession(get(sessions, 'session', id)),
    subscription: (id) => get(subscriptions, 'subscription', id),
    invoice: (id) => publicInvoice(get(invoices, 'invoice', id)),
    charge: (id) => get(charges, 'charge', id),

    pay(sessionId, { delayed = false } = {}) {
      const session = get(sessions, 'session', sessionId);
      const amount = session.amount_total as number;
      const currency = session.currency as string;
      if (session.mode === 'payment') {
        const metadata = ((session.studio_payment_intent_data as Json | null)?.metadata as Json) ?? {};
        const { paymentIntentId, chargeId } = makePayment(amount, currency, session.customer, metadata, delayed ? 'processing' : 'succeeded');
        Object.assign(session, { status: 'complete', payment_status: delayed ? 'unpaid' : 'paid', payment_intent: paymentIntentId });
        return { session: publicSession(session), chargeId, paymentIntentId };
      }
      const metadata = ((session.studio_subscription_data as Json | null)?.metadata as Json) ?? {};
      const start = now();
      const subscriptionId = newId('sub');
      const subscription: Json = {
        id: subscriptionId, object: 'subscription', billing_cycle_anchor: start, cancel_at: null, cancel_at_period_end: false, canceled_at: null,
        collection_method: 'charge_automatically', created: start, currency, customer: session.customer, ended_at: null, livemode: false, metadata,
        items: { object: 'list', has_more: false, url: `/v1/subscription_items?subscription=${subscriptionId}`, data: [{ id: newId('si'), object: 'subscription_item', current_period_start: start, current_period_end: start + MONTH, quantity: 1, price: { object: 'price', unit_amount: amount, currency, recurring: { interval: 'month', interval_count: 1 } } }] },
        latest_invoice: null, start_date: start, status: 'active',
      };
      subscriptions.set(subscriptionId, subscription);
      const invoice = newInvoice(subscription, 'subscription_create', start, start + MONTH, amount, currency);
      subscription.latest_invoice = invoice.id;
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscriptionId, invoice: invoice.id });
      return { session: publicSession(session), chargeId: '', paymentIntentId: invoice.studio_payment_intent as string, subscription, invoice: publicInvoice(invoice) };
    },

    settle(sessionId) {
      const session = get(sessions, 'session', sessionId);
      const intent = get(paymentIntents, 'payment intent', session.payment_intent as string);
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
      Object.assign(get(charges, 'charge', intent.latest_charge as string), { paid: true, status: 'succeeded' });
      session.payment_status = 'paid';
      return publicSession(session);
    },

    refund(chargeId, amount) {
      const charge = get(charges, 'charge', chargeId);
      const value = amount ?? (charge.amount as number) - (charge.amount_refunded as number);
      const id = newId('re');
      const refund = { id, object: 'refund', amount: value, charge: chargeId, created: now(), currency: charge.currency, payment_intent: charge.payment_intent, status: 'succeeded' };
      refunds.set(id, refund);
      charge.amount_refunded = (charge.amount_refunded as number) + value;
      charge.refunded = charge.amount_refunded === charge.amount;
      return { refund, charge: { ...charge } };
    },

    openDispute(chargeId, amount) {
      const charge = get(charges, 'charge', chargeId);
      const id = newId('dp');
      const dispute = { id, object: 'dispute', amount: amount ?? (charge.amount as number), charge: chargeId, created: now(), currency: charge.currency, payment_intent: charge.payment_intent, reason: 'fraudulent', status: 'needs_response', livemode: false, metadata: {} };
      disputes.set(id, dispute);
      charge.disputed = true;
      return { ...dispute };
    },

    closeDispute(disputeId, status) {
      const dispute = get(disputes, 'dispute', disputeId);
      dispute.status = status;
      return { ...dispute };
    },

    renew(subscriptionId) {
      const subscription = get(subscriptions, 'subscription', subscriptionId);
      const item = (subscription.items as { data: Json[] }).data[0]!;
      const start = item.current_period_end as number;
      const end = start + MONTH;
      Object.assign(item, { current_period_start: start, current_period_end: end });
      const price = item.price as Json;
      const invoice = newInvoice(subscription, 'subscription_cycle', start, end, price.unit_amount as number, price.currency as string);
      subscription.latest_invoice = invoice.id;
      subscription.status = 'active';
      return publicInvoice(invoice);
    },

    updateSubscription(subscriptionId, patch) {
      const subscription = get(subscriptions, 'subscription', subscriptionId);
      Object.assign(subscription, patch);
      if (patch.status === 'canceled') Object.assign(subscription, { canceled_at: now(), ended_at: now() });
      return { ...subscription };
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
