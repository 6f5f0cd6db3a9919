/**
 * Credits in for a payment, through the ledger's one door, once per provider object: a pack's
 * checkout session (purchase_grant) or a plan's paid invoice (plan_grant). The webhook, the
 * success page and the reconcile command all end here, so whichever comes first grants and the
 * others find it granted.
 *
 * What was bought is read from our catalogue by the id in the session's metadata; the credits come
 * from the catalogue, never from metadata, and a payment below the catalogue's price (or in another
 * currency) is refused, as is a session whose two user ids disagree.
 */
import { AppError } from '~/server/errors';
import { grantCreditsOnce } from '~/server/services/credits/ledger';
import { creditsOf, findSaleItem, itemName, type CreditPack, type Plan } from './catalogue';
import type { CheckoutSessionFacts, InvoiceFacts } from './shapes';
import { recordPackGrant, within } from './pack-grant';
import type { GrantResult, PackSale, PlanSale } from './sales';
import type { BillingTx } from './tx';

/** The user a session names; refused when client_reference_id and metadata disagree. */
export function sessionUserId(session: CheckoutSessionFacts): string {
  const fromReference = session.client_reference_id ?? null;
  const fromMetadata = session.metadata.userId ?? null;
  if (fromReference && fromMetadata && fromReference !== fromMetadata) {
    throw new AppError('validation_failed', `Checkout session ${session.id} names two different users: nothing granted.`);
  }
  const userId = fromReference ?? fromMetadata;
  if (!userId) throw new AppError('validation_failed', `Checkout session ${session.id} names no user: nothing granted.`);
  return userId;
}

function assertPaidInFull(objectId: string, item: CreditPack | Plan, amount: number | null | undefined, currency: string | null | undefined): void {
  if (currency !== item.currency || typeof amount !== 'number' || amount < item.amount) {
    throw new AppError(
      'validation_failed',
      `Payment ${objectId} paid ${amount ?? '?'} ${currency ?? '?'} for ${item.id}, which costs ${item.amount} ${item.currency}: nothing granted.`,
    );
  }
}

/** A paid pack session as a sale (checked against the catalogue). */
export function packSaleOf(session: CheckoutSessionFacts, extra: { receiptUrl?: string | null } = {}): PackSale {
  const userId = sessionUserId(session);
  const itemId = session.metadata.item ?? '';
  const item = findSaleItem(itemId);
  if (!item || item.kind !== 'pack') throw new AppError('validation_failed', `Checkout session ${session.id} is for an unknown pack "${itemId}": nothing granted.`);
  assertPaidInFull(session.id, item, session.amount_total, session.currency);
  return {
    sessionId: session.id,
    userId,
    pack: item,
    amount: session.amount_total ?? item.amount,
    currency: item.currency,
    paymentIntentId: session.payment_intent,
    receiptUrl: extra.receiptUrl ?? null,
  };
}

/** A paid invoice of the plan as a sale; userId is resolved by the caller when metadata lacks it. */
export function planSaleOf(invoice: InvoiceFacts, userId: string): PlanSale {
  const itemId = invoice.parent?.subscription_details?.metadata.item ?? '';
  const item = findSaleItem(itemId);
  if (!item || item.kind !== 'plan') throw new AppError('validation_failed', `Invoice ${invoice.id} is for an unknown plan "${itemId}": nothing granted.`);
  assertPaidInFull(invoice.id, item, invoice.amount_paid, invoice.currency);
  const payment = invoice.payments?.data.find((entry) => entry.status === 'paid') ?? invoice.payments?.data[0];
  return {
    invoiceId: invoice.id,
    userId,
    plan: item,
    amount: invoice.amount_paid,
    currency: invoice.currency,
    paymentIntentId: payment?.payment.payment_intent ?? null,
    receiptUrl: invoice.hosted_invoice_url ?? null,
  };
}

async function assertUserExists(tx: BillingTx, userId: string, objectId: string): Promise<void> {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!user) throw new AppError('not_found', `User ${userId} of payment ${objectId} does not exist (deleted?): nothing granted.`);
}

type Recorded = { id: string; userId: string; kind: 'plan'; item: Plan; amount: number; currency: string; paymentIntentId: string | null; receiptUrl: string | null };

async function recordAndGrant(tx: BillingTx, sale: Recorded, reason: 'plan_grant'): Promise<GrantResult> {
  await assertUserExists(tx, sale.userId, sale.id);
  const credits = creditsOf(sale.item);
  await tx.purchase.createMany({
    data: [{
      id: sale.id,
      userId: sale.userId,
      kind: sale.kind,
      item: sale.item.id,
      credits,
      amount: sale.amount,
      currency: sale.currency,
      paymentIntentId: sale.paymentIntentId,
      receiptUrl: sale.receiptUrl,
    }],
    skipDuplicates: true,
  });
  // A later report may know more than the first (a read-back has the receipt and the payment intent).
  if (sale.receiptUrl) await tx.purchase.updateMany({ where: { id: sale.id, receiptUrl: null }, data: { receiptUrl: sale.receiptUrl } });
  if (sale.paymentIntentId) await tx.purchase.updateMany({ where: { id: sale.id, paymentIntentId: null }, data: { paymentIntentId: sale.paymentIntentId } });
  const balance = await grantCreditsOnce(tx, sale.userId, credits, { reason, providerObjectId: sale.id, purchaseId: sale.id, note: `Bought ${itemName(sale.item)}` });
  return { granted: balance !== null, credits, userId: sale.userId, purchaseId: sale.id };
}

/** A pack, granted once (the one statement of pack-grant.ts), inside a transaction already open. */
export function grantPack(tx: BillingTx, sale: PackSale): Promise<GrantResult> {
  return recordPackGrant(within(tx), sale, null);
}

export function grantPlanInvoice(tx: BillingTx, sale: PlanSale): Promise<GrantResult> {
  return recordAndGrant(tx, { ...sale, id: sale.invoiceId, kind: 'plan', item: sale.plan }, 'plan_grant');
}
