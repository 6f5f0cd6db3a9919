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
import { findSaleItem } from './catalogue';
import { disputeHolds, lockPurchase, settleMoneyBack, type MoneyBack } from './clawbacks';
import { gatewayFor } from './gateway';
import { isLocalObjectId } from './gateway/local';
import { grantPack, grantPlanInvoice, packSaleOf, sessionUserId } from './grants';
import { madeByOurCheckout } from './ours';
import type { PackSale } from './sales';
import { direct, recordPackGrant } from './pack-grant';
import { applyPlanState, assertUser, planSaleIfPaid, readPlanState, resolveUser } from './plan-state';
import { applySubscription } from './premium';
import { chargeShape, checkoutSessionShape, disputeShape, type DisputeFacts, type EventFacts } from './shapes';
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

/** The outcome of an event about something that is not ours (ours.ts): 200, nothing changed. */
export const NOT_OURS = 'not_ours';

const readBack = (then: () => Promise<EventEffect>): EventPlan => ({ kind: 'read_back', then });

const inTransaction = (apply: (tx: BillingTx) => Promise<string>): EventEffect => ({ kind: 'transaction', apply });
const nothing = (outcome: string): EventEffect => inTransaction(async () => outcome);

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
  if (!madeByOurCheckout(session.metadata)) return nothing(NOT_OURS);
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
      if (!state) return nothing(NOT_OURS);
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
  const details = invoice.parent?.subscription_details ?? null;
  const subscriptionId = details?.subscription ?? null;
  if (!details || !subscriptionId) return nothing('ignored');
  // The invoice carries its subscription's metadata: one not made by our checkout is not ours.
  if (!madeByOurCheckout(details.metadata)) return nothing(NOT_OURS);
  const userId = await resolveUser(db, { metadataUserId: details.metadata.userId, customerId: invoice.customer, subscriptionId });
  if (!userId) return nothing(NOT_OURS);
  const sale = planSaleIfPaid(invoice, userId);
  if (!sale) return nothing('awaiting_payment');
  // A renewal moves the period on: premium is read back with it.
  const state = await readPlanState(db, subscriptionId, userId);
  if (!state) return nothing(NOT_OURS);
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
  if (!state) return nothing(NOT_OURS);
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

/** The purchase, granted first if its grant was missing, and locked for the rest of the transaction. */
async function purchaseInTx(tx: BillingTx, found: { purchaseId: string | null; missingSale: PackSale | null }) {
  if (found.missingSale) await grantPack(tx, found.missingSale);
  return found.purchaseId ? lockPurchase(tx, found.purchaseId) : null;
}

/** A charge's refunds and disputes as the provider has them now (a late event reads the present). */
async function moneyBackOf(db: Db, chargeId: string | null): Promise<MoneyBack> {
  if (!chargeId) return { refunds: [], disputes: [] };
  const gateway = gatewayFor(db, chargeId);
  const [refunds, disputes] = await Promise.all([gateway.listRefunds(chargeId), gateway.listDisputes(chargeId)]);
  return { refunds, disputes };
}

function movedOutcome(moved: number): string | null {
  if (moved > 0) return 'clawed_back';
  if (moved < 0) return 'given_back';
  return null;
}

const onChargeRefunded: Handler = (db, event) => readBack(async () => {
  const charge = chargeShape.parse(event.data.object);
  const found = await purchaseOfPaymentIntent(db, charge.payment_intent);
  if (!found.purchaseId) return nothing(NOT_OURS);
  const moneyBack = await moneyBackOf(db, charge.id);
  return inTransaction(async (tx) => {
    const purchase = await purchaseInTx(tx, found);
    if (!purchase) return NOT_OURS;
    if (charge.receipt_url) await tx.purchase.updateMany({ where: { id: purchase.id, receiptUrl: null }, data: { receiptUrl: charge.receipt_url } });
    return movedOutcome(await settleMoneyBack(tx, purchase, moneyBack)) ?? 'already_clawed_back';
  });
});

/** When a dispute event moves nothing: what its dispute's state already did. */
function settledDisputeOutcome(dispute: DisputeFacts): string {
  if (dispute.status === 'lost') return 'dispute_lost';
  return disputeHolds(dispute) ? 'already_clawed_back' : 'already_given_back';
}

/** A dispute opened or closed: its payment's money back settled as the provider has it now. */
const onDispute: Handler = (db, event) => readBack(async () => {
  const dispute = disputeShape.parse(event.data.object);
  const found = await purchaseOfPaymentIntent(db, dispute.payment_intent);
  if (!found.purchaseId) return nothing(NOT_OURS);
  const read = await moneyBackOf(db, dispute.charge);
  // The event's own dispute as the provider has it now; the event's copy if the read-back lacks it.
  const current = read.disputes.find((d) => d.id === dispute.id) ?? dispute;
  const moneyBack = { refunds: read.refunds, disputes: [...read.disputes.filter((d) => d.id !== dispute.id), current] };
  return inTransaction(async (tx) => {
    const purchase = await purchaseInTx(tx, found);
    if (!purchase) return NOT_OURS;
    return movedOutcome(await settleMoneyBack(tx, purchase, moneyBack)) ?? settledDisputeOutcome(current);
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
  'charge.dispute.created': onDispute,
  'charge.dispute.closed': onDispute,
};
