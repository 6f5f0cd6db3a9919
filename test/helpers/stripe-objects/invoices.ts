/**
 * A subscription's invoices with every field of their type in the SDK's types for the pinned API
 * version (the compiler checks that none is missing): one line for the period, paid by card in full,
 * its subscription and that subscription's metadata under `parent.subscription_details`.
 */
import type Stripe from 'stripe';
import { wireDecimal } from './subscriptions';

type InvoiceFields = {
  id: string;
  created: number;
  currency: string;
  amount: number;
  customer: string;
  subscription: string;
  subscriptionItem: string;
  subscriptionMetadata: Stripe.Metadata;
  billingReason: Stripe.Invoice.BillingReason;
  periodStart: number;
  periodEnd: number;
};

function lineObject(fields: InvoiceFields): Stripe.InvoiceLineItem {
  const { id, currency, amount, subscription, subscriptionItem, periodStart, periodEnd } = fields;
  return {
    id: `il_${id.slice(3)}`,
    object: 'line_item',
    amount,
    currency,
    description: '1 × Premium (at $12.00 / month)',
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: id,
    livemode: false,
    metadata: {},
    parent: {
      invoice_item_details: null,
      subscription_item_details: { invoice_item: null, proration: false, proration_details: { credited_items: null }, subscription, subscription_item: subscriptionItem },
      type: 'subscription_item_details',
    },
    period: { end: periodEnd, start: periodStart },
    pretax_credit_amounts: [],
    pricing: { price_details: { price: `price_${subscriptionItem.slice(3)}`, product: `prod_${subscriptionItem.slice(3)}` }, type: 'price_details', unit_amount_decimal: wireDecimal(amount) },
    quantity: 1,
    quantity_decimal: wireDecimal(1),
    subscription,
    subtotal: amount,
    taxes: [],
  };
}

/** A paid invoice of a subscription (without `payments`, which only an expanded read-back carries). */
export function invoiceObject(fields: InvoiceFields): Stripe.Invoice {
  const { id, created, currency, amount, customer, subscription, subscriptionMetadata, billingReason, periodStart, periodEnd } = fields;
  return {
    id,
    object: 'invoice',
    account_country: 'FR',
    account_name: 'Lumen Studio',
    account_tax_ids: null,
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: amount,
    amount_remaining: 0,
    amount_shipping: 0,
    application: null,
    attempt_count: 1,
    attempted: true,
    auto_advance: false,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: billingReason,
    collection_method: 'charge_automatically',
    created,
    currency,
    custom_fields: null,
    customer,
    customer_account: null,
    customer_address: null,
    customer_email: 'buyer@example.test',
    customer_name: null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: created,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: `https://invoice.stripe.test/i/${id}`,
    invoice_pdf: `https://invoice.stripe.test/i/${id}/pdf`,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: [lineObject(fields)], has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: `LUMEN-${id.slice(-4).toUpperCase()}`,
    on_behalf_of: null,
    parent: { quote_details: null, subscription_details: { metadata: subscriptionMetadata, subscription }, type: 'subscription_details' },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: periodEnd,
    period_start: periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'paid',
    status_transitions: { finalized_at: created, marked_uncollectible_at: null, paid_at: created, voided_at: null },
    subtotal: amount,
    subtotal_excluding_tax: amount,
    test_clock: null,
    total: amount,
    total_discount_amounts: [],
    total_excluding_tax: amount,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: created,
  };
}

/** The payment of an invoice, as `expand[]=payments` lists it. */
export function invoicePaymentObject(fields: { id: string; invoice: string; created: number; currency: string; amount: number; paymentIntent: string }): Stripe.InvoicePayment {
  const { id, invoice, created, currency, amount, paymentIntent } = fields;
  return {
    id,
    object: 'invoice_payment',
    amount_paid: amount,
    amount_requested: amount,
    created,
    currency,
    invoice,
    is_default: true,
    livemode: false,
    payment: { payment_intent: paymentIntent, type: 'payment_intent' },
    status: 'paid',
    status_transitions: { canceled_at: null, paid_at: created },
  };
}
