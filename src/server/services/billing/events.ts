/**
 * What each provider event does (the table is in README.md beside this file). A handler reads
 * what it needs first (read-backs from the provider happen here, outside any transaction) and
 * returns the effect, which the webhook runs in one transaction with the event's record. Types
 * not listed here are answered 200 and ignored.
 *
 * A handler answers at once (no I/O) with its effect, or with the read-back to make first: the
 * webhook skips that read-back for an event it has recorded already.
 */
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { findSaleItem } from './catalogue';
import { closeDispute, clawBackDispute, clawBackRefunds } from './clawbacks';
import { userOfCustomer } from './customers';
import { gatewayFor } from './gateway';
import { isLocalObjectId } from './gateway/local';
import { grantPack, grantPlanInvoice, packSaleOf, planSaleOf, sessionUserId } from './grants';
import type { PackSale, PlanSale } from './sales';
import { direct, recordPackGrant } from './pack-grant';
import { applySubscription } from './premium';
import { chargeShape, checkoutSessionShape, disputeShape, type EventFacts, type InvoiceFacts, type SubscriptionFacts } from './shapes';
import type { BillingTx } from './tx';

/**
 * The effect of an event, answering what it did: run inside the transaction that records the
 * event, or (a pack's grant, the hot path) one statement that records the event itself.
 */
export type EventEffect =
  | { kind: 'transaction'; apply: (tx: BillingTx) => Promise<string> }
  | { kind: 'statement'; apply: (db: Db, deliveryKey: string) => Promise<string> };

/** An effect, or the read-back that leads to one. */
export type EventPlan = EventEffect | { kind: 'read_back'; then: () => Promise<EventEffect> };

type Handler = (db: Db, event: EventFacts) => EventPlan;

const readBack = (then: () => Promise<EventEffect>): EventPlan => ({ kind: 'read_back', then });

const inTransaction = (apply: (tx: BillingTx) => Promise<string>): EventEffect => ({ kind: 'transaction', apply });
const nothing = (outcome: string): EventEffect => inTransaction(async () => outcome);

/** The subscription, its latest paid invoice as a sale, and whose they are: read back from the provider. */
type PlanState = { userId: string; subscription: SubscriptionFacts; sale: PlanSale | null };

async function resolveUser(tx: Pick<Db, 'user' | 'billingSubscription'>, hints: { metadataUserId?: string | undefined; customerId: string | null; subscriptionId?: string | null }): Promise<string | null> {
  if (hints.metadataUserId) return hints.metadataUserId;
  const byCustomer = await userOfCustomer(tx, hints.customerId);
  if (byCustomer) return byCustomer;
  if (!hints.subscriptionId) return null;
  const known = await tx.billingSubscription.findUnique({ where: { id: hints.subscriptionId }, select: { userId: true } });
  return known?.userId ?? null;
}

function planSaleIfPaid(invoice: InvoiceFacts | null, userId: string): PlanSale | null {
  if (!invoice || invoice.status !== 'paid') return null;
  return planSaleOf(invoice, userId);
}

export async function readPlanState(db: Db, subscriptionId: string, userIdHint: string | null): Promise<PlanState> {
  const gateway = gatewayFor(db, subscriptionId);
  const subscription = await gateway.retrieveSubscription(subscriptionId);
  const itemId = subscription.metadata.item;
  if (itemId !== undefined && findSaleItem(itemId)?.kind !== 'plan') {
    throw new AppError('validation_failed', `Subscription ${subscription.id} is for an unknown plan "${itemId}": nothing changed.`);
  }
  const userId = userIdHint ?? (await resolveUser(db, { metadataUserId: subscription.metadata.userId, customerId: subscription.customer, subscriptionId }));
  if (!userId) throw new AppError('validation_failed', `Subscription ${subscription.id} names no user of ours: nothing changed.`);
  const invoice = subscription.latest_invoice ? await gateway.retrieveInvoice(subscription.latest_invoice) : null;
  return { userId, subscription, sale: planSaleIfPaid(invoice, userId) };
}

async function assertUser(tx: BillingTx, userId: string, objectId: string): Promise<void> {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!user) throw new AppError('not_found', `User ${userId} of ${objectId} does not exist (deleted?): nothing changed.`);
}

/** Premium from the subscription, and the latest invoice's credits if it is paid. */
export async function applyPlanState(tx: BillingTx, state: PlanState): Promise<{ premium: boolean; granted: boolean; credits: number }> {
  await assertUser(tx, state.userId, state.subscription.id);
  const premium = await applySubscription(tx, state.userId, state.subscription);
  if (!state.sale) return { premium, granted: false, credits: 0 };
  const grant = await grantPlanInvoice(tx, state.sale);
  return { premium, granted: grant.granted, credits: grant.credits };
}

function grantOutcome(granted: boolean): string {
  return granted ? 'granted' : 'already_granted';
}

/** Stores the provider customer of a user who had none (a checkout made before we stored it). */
async function rememberCustomer(tx: BillingTx, userId: string, customerId: string | null): Promise<void> {
  // Local customers are names, not records (gateway/local.ts): only a provider's customer is kept.
  if (!customerId || isLocalObjectId(customerId)) return;
  await tx.user.updateMany({ where: { id: userId, stripeCustomerId: null }, data: { stripeCustomerId: customerId } });
}

const onCheckoutPaid: Handler = (db, event) => {
  const session = checkoutSessionShape.parse(event.data.object);
  if (session.payment_status !== 'paid') return nothing('awaiting_payment');
  if (session.mode === 'payment') {
    // Our checkout stored the customer before the session existed: nothing to remember here.
    const sale = packSaleOf(session);
    return { kind: 'statement', apply: async (db, deliveryKey) => (await recordPackGrant(direct(db), sale, deliveryKey)).outcome };
  }
  const subscriptionId = session.subscription;
  if (session.mode === 'subscription' && subscriptionId) {
    const userId = sessionUserId(session);
    return readBack(async () => {
      const state = await readPlanState(db, subscriptionId, userId);
      return inTransaction(async (tx) => {
        const applied = await applyPlanState(tx, state);
        await rememberCustomer(tx, userId, session.customer);
        return state.sale ? grantOutcome(applied.granted) : 'subscription_updated';
      });
    });
  }
  return nothing('ignored');
};

const onInvoicePaid: Handler = (db, event) => readBack(async () => {
  const id = String(event.data.object.id ?? '');
  const invoice = await gatewayFor(db, id).retrieveInvoice(id);
  const subscriptionId = invoice.parent?.subscription_details?.subscription ?? null;
  if (!subscriptionId) return nothing('ignored');
  const userId = await resolveUser(db, { metadataUserId: invoice.parent?.subscription_details?.metadata.userId, customerId: invoice.customer, subscriptionId });
  if (!userId) throw new AppError('validation_failed', `Invoice ${invoice.id} names no user of ours: nothing granted.`);
  const sale = planSaleIfPaid(invoice, userId);
  if (!sale) return nothing('awaiting_payment');
  // A renewal moves the period on: premium is read back with it.
  const state = await readPlanState(db, subscriptionId, userId);
  return inTransaction(async (tx) => {
    await assertUser(tx, userId, invoice.id);
    const grant = await grantPlanInvoice(tx, sale);
    await applySubscription(tx, userId, state.subscription);
    return grantOutcome(grant.granted);
  });
});

const onSubscriptionChanged: Handler = (db, event) => readBack(async () => {
  const id = String(event.data.object.id ?? '');
  const state = await readPlanState(db, id, null);
  // The invoice grants through invoice.paid; here only premium follows the status.
  return inTransaction(async (tx) => {
    await assertUser(tx, state.userId, id);
    const premium = await applySubscription(tx, state.userId, state.subscription);
    return premium ? 'premium_on' : 'premium_off';
  });
});

/** The purchase a payment intent paid for: recorded, or a pack session of ours not granted yet. */
async function purchaseOfPaymentIntent(db: Db, paymentIntentId: string | null): Promise<{ purchaseId: string | null; missingSale: PackSale | null }> {
  if (!paymentIntentId) return { purchaseId: null, missingSale: null };
  const recorded = await db.purchase.findUnique({ where: { paymentIntentId }, select: { id: true } });
  if (recorded) return { purchaseId: recorded.id, missingSale: null };
  // The money came back before its grant was recorded (webhook lost, tab closed): grant it first,
  // through the same door, so the clawback has something to take from.
  const session = await gatewayFor(db, paymentIntentId).findSessionByPaymentIntent(paymentIntentId);
  if (!session || session.mode !== 'payment' || session.payment_status !== 'paid' || !findSaleItem(session.metadata.item ?? '')) return { purchaseId: null, missingSale: null };
  return { purchaseId: session.id, missingSale: packSaleOf(session) };
}

async function purchaseInTx(tx: BillingTx, found: { purchaseId: string | null; missingSale: PackSale | null }) {
  if (found.missingSale) await grantPack(tx, found.missingSale);
  return found.purchaseId ? tx.purchase.findUnique({ where: { id: found.purchaseId } }) : null;
}

const onChargeRefunded: Handler = (db, event) => readBack(async () => {
  const charge = chargeShape.parse(event.data.object);
  const found = await purchaseOfPaymentIntent(db, charge.payment_intent);
  if (!found.purchaseId) return nothing('not_ours');
  const refunds = await gatewayFor(db, charge.id).listRefunds(charge.id);
  return inTransaction(async (tx) => {
    const purchase = await purchaseInTx(tx, found);
    if (!purchase) return 'not_ours';
    if (charge.receipt_url) await tx.purchase.updateMany({ where: { id: purchase.id, receiptUrl: null }, data: { receiptUrl: charge.receipt_url } });
    const { taken } = await clawBackRefunds(tx, purchase, refunds);
    return taken > 0 ? 'clawed_back' : 'already_clawed_back';
  });
});

const onDisputeCreated: Handler = (db, event) => readBack(async () => {
  const dispute = disputeShape.parse(event.data.object);
  const found = await purchaseOfPaymentIntent(db, dispute.payment_intent);
  if (!found.purchaseId) return nothing('not_ours');
  return inTransaction(async (tx) => {
    const purchase = await purchaseInTx(tx, found);
    if (!purchase) return 'not_ours';
    const { taken } = await clawBackDispute(tx, purchase, dispute);
    return taken > 0 ? 'clawed_back' : 'already_clawed_back';
  });
});

const onDisputeClosed: Handler = (db, event) => readBack(async () => {
  const dispute = disputeShape.parse(event.data.object);
  const found = await purchaseOfPaymentIntent(db, dispute.payment_intent);
  if (!found.purchaseId) return nothing('not_ours');
  return inTransaction(async (tx) => {
    const purchase = await purchaseInTx(tx, found);
    if (!purchase) return 'not_ours';
    const { returned, won } = await closeDispute(tx, purchase, dispute);
    return won ? (returned > 0 ? 'given_back' : 'already_given_back') : 'dispute_lost';
  });
});

export const EVENT_HANDLERS: Record<string, Handler> = {
  'checkout.session.completed': onCheckoutPaid,
  'checkout.session.async_payment_succeeded': onCheckoutPaid,
  'invoice.paid': onInvoicePaid,
  'customer.subscription.created': onSubscriptionChanged,
  'customer.subscription.updated': onSubscriptionChanged,
  'customer.subscription.deleted': onSubscriptionChanged,
  'customer.subscription.paused': onSubscriptionChanged,
  'customer.subscription.resumed': onSubscriptionChanged,
  'charge.refunded': onChargeRefunded,
  'charge.dispute.created': onDisputeCreated,
  'charge.dispute.closed': onDisputeClosed,
};
