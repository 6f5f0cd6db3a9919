/**
 * What billing asks of a payment provider, in the provider's own shapes (shapes.ts). Two
 * implementations: Stripe through its SDK, and the local checkout (development without keys),
 * which keeps Stripe-shaped objects in our database, as the local engine stands in for models.
 */
import type { SaleItem } from '../catalogue';
import type { CheckoutSessionFacts, DisputeFacts, InvoiceFacts, RefundFacts, SubscriptionFacts } from '../shapes';

export type CheckoutRequest = {
  item: SaleItem;
  userId: string;
  customerId: string;
  successUrl: string;
  cancelUrl: string;
};

/** A session read back with what the success page and the purchase list need. */
export type RetrievedSession = CheckoutSessionFacts & {
  /** The one line's total (line items expanded), to check against the catalogue's price. */
  lineTotals: number[];
  receiptUrl: string | null;
};

/** Money back to the buyer of a payment, asked once per key (a repeated request makes no second refund). */
export type RefundRequest = { paymentIntentId: string; amount: number; idempotencyKey: string; reason: string };

export interface PaymentGateway {
  readonly kind: 'stripe' | 'local';
  createCustomer(input: { userId: string; email: string }): Promise<string>;
  createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  retrieveCheckoutSession(id: string): Promise<RetrievedSession>;
  retrieveSubscription(id: string): Promise<SubscriptionFacts>;
  /** Ends a subscription at once (an account's deletion); answers it as the provider has it afterwards. */
  cancelSubscription(id: string): Promise<SubscriptionFacts>;
  /** With its payments expanded (the payment intent refunds and disputes will name). */
  retrieveInvoice(id: string): Promise<InvoiceFacts>;
  /** The refunds of a charge, any status. */
  listRefunds(chargeId: string): Promise<RefundFacts[]>;
  /** Refunds a payment (the provider then reports it like any refund: charge.refunded). */
  refundPayment(request: RefundRequest): Promise<{ refundId: string; chargeId: string }>;
  /** The disputes of a charge, any status. */
  listDisputes(chargeId: string): Promise<DisputeFacts[]>;
  /** The checkout session that created a payment intent, if one did. */
  findSessionByPaymentIntent(paymentIntentId: string): Promise<CheckoutSessionFacts | null>;
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /** Complete checkout sessions created since then (reconciliation). */
  listCompletedSessions(since: Date): AsyncIterable<CheckoutSessionFacts>;
  /** Paid invoices created since then (reconciliation). */
  listPaidInvoices(since: Date): AsyncIterable<InvoiceFacts>;
}
