/**
 * Subscriptions with every field of their type in the SDK's types for the pinned API version (the
 * compiler checks that none is missing): one monthly item with an inline price, as a checkout
 * session with `price_data` makes it, or as someone makes it in the Dashboard.
 */
import type Stripe from 'stripe';

const MONTH = 30 * 24 * 60 * 60;

/** On the wire a decimal amount is a string ("1200"); the SDK's type is the object it parses one into. */
export const wireDecimal = (value: number) => String(value) as unknown as Stripe.Decimal;

type SubscriptionFields = {
  id: string;
  created: number;
  currency: string;
  amount: number;
  customer: string;
  metadata: Stripe.Metadata;
  latestInvoice: string | null;
  periodStart: number;
  status?: Stripe.Subscription.Status;
};

function priceObject(id: string, product: string, created: number, currency: string, amount: number): Stripe.Price {
  return {
    id,
    object: 'price',
    active: false,
    billing_scheme: 'per_unit',
    created,
    currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product,
    recurring: { interval: 'month', interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: amount,
    unit_amount_decimal: wireDecimal(amount),
  };
}

function planObject(id: string, product: string, created: number, currency: string, amount: number): Stripe.Plan {
  return {
    id,
    object: 'plan',
    active: false,
    amount,
    amount_decimal: wireDecimal(amount),
    billing_scheme: 'per_unit',
    created,
    currency,
    interval: 'month',
    interval_count: 1,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: null,
    product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

export function subscriptionItemObject(fields: { id: string; subscription: string; created: number; currency: string; amount: number; periodStart: number }): Stripe.SubscriptionItem {
  const { id, subscription, created, currency, amount, periodStart } = fields;
  const priceId = `price_${id.slice(3)}`;
  const product = `prod_${id.slice(3)}`;
  return {
    id,
    object: 'subscription_item',
    billing_thresholds: null,
    created,
    current_period_end: periodStart + MONTH,
    current_period_start: periodStart,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planObject(priceId, product, created, currency, amount),
    price: priceObject(priceId, product, created, currency, amount),
    quantity: 1,
    subscription,
    tax_rates: [],
  };
}

export function subscriptionObject(fields: SubscriptionFields): Stripe.Subscription {
  const { id, created, currency, amount, customer, metadata, latestInvoice, periodStart } = fields;
  const item = subscriptionItemObject({ id: `si_${id.slice(4)}`, subscription: id, created, currency, amount, periodStart });
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: periodStart,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created,
    currency,
    customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: `pm_${id.slice(4)}`,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
    items: { object: 'list', data: [item], has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    latest_invoice: latestInvoice,
    livemode: false,
    managed_payments: null,
    metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: created,
    status: fields.status ?? 'active',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
    trial_start: null,
  };
}
