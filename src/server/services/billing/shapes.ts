/**
 * The parts of the provider's objects billing reads, checked with zod (Stripe's shapes, API
 * version 2026-10-28 as pinned by stripe 23.1): what an event carries, what a read-back returns,
 * and what the local checkout stores. Expandable references arrive as an id or as the object; both
 * read as the id here.
 */
import { z } from 'zod';

/** An expandable reference: 'cus_123' or { id: 'cus_123', ... }. */
const ref = z.union([z.string(), z.object({ id: z.string() }).passthrough()]).nullish().transform((value) => (value == null ? null : typeof value === 'string' ? value : value.id));

const metadata = z.record(z.string(), z.string()).nullish().transform((value) => value ?? {});

export const checkoutSessionShape = z.object({
  id: z.string(),
  object: z.literal('checkout.session'),
  mode: z.enum(['payment', 'subscription', 'setup']),
  status: z.string().nullish(),
  /** paid | unpaid | no_payment_required */
  payment_status: z.string(),
  client_reference_id: z.string().nullish(),
  metadata,
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
  customer: ref,
  payment_intent: ref,
  subscription: ref,
  invoice: ref,
  created: z.number().int(),
});
export type CheckoutSessionFacts = z.output<typeof checkoutSessionShape>;

/** In this API version the period lives on the subscription's items. */
export const subscriptionShape = z.object({
  id: z.string(),
  object: z.literal('subscription'),
  status: z.string(),
  customer: ref,
  cancel_at_period_end: z.boolean(),
  cancel_at: z.number().int().nullish(),
  metadata,
  latest_invoice: ref,
  items: z.object({ data: z.array(z.object({ current_period_end: z.number().int() }).passthrough()) }),
});
export type SubscriptionFacts = z.output<typeof subscriptionShape>;

/** The subscription of an invoice is at parent.subscription_details (invoice.subscription is gone). */
export const invoiceShape = z.object({
  id: z.string(),
  object: z.literal('invoice'),
  status: z.string().nullish(),
  customer: ref,
  amount_paid: z.number().int(),
  currency: z.string(),
  billing_reason: z.string().nullish(),
  hosted_invoice_url: z.string().nullish(),
  created: z.number().int(),
  parent: z
    .object({ subscription_details: z.object({ subscription: ref, metadata }).nullish() })
    .nullish(),
  /** Expanded on read-back: the payment intent that paid it (refunds and disputes name it). */
  payments: z
    .object({ data: z.array(z.object({ status: z.string().nullish(), payment: z.object({ payment_intent: ref }).passthrough() }).passthrough()) })
    .nullish(),
});
export type InvoiceFacts = z.output<typeof invoiceShape>;

export const chargeShape = z.object({
  id: z.string(),
  object: z.literal('charge'),
  amount: z.number().int(),
  amount_refunded: z.number().int(),
  currency: z.string(),
  payment_intent: ref,
  receipt_url: z.string().nullish(),
});
export type ChargeFacts = z.output<typeof chargeShape>;

export const refundShape = z.object({
  id: z.string(),
  object: z.literal('refund'),
  amount: z.number().int(),
  charge: ref,
  status: z.string().nullish(),
  created: z.number().int(),
});
export type RefundFacts = z.output<typeof refundShape>;

export const disputeShape = z.object({
  id: z.string(),
  object: z.literal('dispute'),
  amount: z.number().int(),
  charge: ref,
  payment_intent: ref,
  status: z.string(),
});
export type DisputeFacts = z.output<typeof disputeShape>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The envelope only: its object is read by the handler of its type, with that object's shape. The
 * object is checked to be one, not walked (a record schema visited each of its keys and copied it,
 * the largest part of the webhook's zod time, for an object most events then parse again).
 */
export const eventShape = z.object({
  id: z.string(),
  object: z.literal('event'),
  type: z.string(),
  created: z.number().int(),
  data: z.object({ object: z.custom<Record<string, unknown>>(isRecord) }),
});
export type EventFacts = z.output<typeof eventShape>;
