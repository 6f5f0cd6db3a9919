/**
 * Credits taken back when a payment's money goes back to the buyer, and given back when it comes
 * back to us. One rule, over every refund and dispute of the payment, in whatever order their
 * events arrive:
 *
 *   owed       = the purchase's credits × money back ÷ amount paid, rounded down (money back never
 *                counts beyond the amount paid, so nothing owed exceeds what the payment granted)
 *   money back = what its refunds returned + what its open or lost disputes hold; a dispute won,
 *                an inquiry closed, or one prevented by a refund holds nothing (the refund does)
 *
 * Each event reads the payment's refunds and disputes back from the provider (an event that arrives
 * late reads what is true now), locks the purchase (the events of one payment take turns), and
 * brings what its ledger rows have taken to what is owed. Every row is keyed by the object it is
 * about, so a replay, or another event of the same state, moves nothing:
 *
 *   1. a dispute that holds nothing any more gives back what it took, but not what a refund whose
 *      own row is written already still needs (the dispute took that refund's money first);
 *   2. each refund not taken yet takes its share (the rounded-down share of the refunds up to it
 *      minus that of those before it, in the provider's order), never beyond what is owed;
 *   3. a dispute that holds money and has taken nothing yet takes the rest of what is owed.
 *
 * A clawback may leave the balance below zero (the credits were spent), and then the owner cannot
 * generate until a purchase covers a cost again.
 */
import type { Purchase } from '~/server/db/generated/client';
import { clawBackCreditsOnce, grantCreditsOnce, type PaymentReason } from '~/server/services/credits/ledger';
import type { PurchaseStatus } from './purchases';
import type { DisputeFacts, RefundFacts } from './shapes';
import type { BillingTx } from './tx';

/** Refund statuses whose money is (or is on its way) back to the buyer. */
const REFUND_COUNTS = new Set(['succeeded', 'pending']);

/** Dispute endings that leave the money with us: the dispute then holds none of it. */
const DISPUTE_RELEASED = new Set(['won', 'warning_closed', 'prevented']);

const MONEY_BACK_REASONS: PaymentReason[] = ['refund_clawback', 'dispute_clawback', 'dispute_reversal'];

/** A payment's refunds and disputes as the provider has them now. */
export type MoneyBack = { refunds: RefundFacts[]; disputes: DisputeFacts[] };

export function disputeHolds(dispute: Pick<DisputeFacts, 'status'>): boolean {
  return !DISPUTE_RELEASED.has(dispute.status);
}

function shareOf(purchase: Pick<Purchase, 'credits' | 'amount'>, money: number): number {
  if (purchase.amount <= 0) return 0;
  return Math.floor((purchase.credits * Math.min(Math.max(money, 0), purchase.amount)) / purchase.amount);
}

/** The purchase, locked until the transaction ends: the events of one payment take turns. */
export async function lockPurchase(tx: BillingTx, purchaseId: string): Promise<Purchase | null> {
  await tx.$queryRaw`SELECT "id" FROM "Purchase" WHERE "id" = ${purchaseId} FOR UPDATE`;
  return tx.purchase.findUnique({ where: { id: purchaseId } });
}

/** Credits a (object, reason) row moved back from the buyer: a clawback's positive, a reversal's negative. */
type Rows = Map<string, number>;
const rowKey = (objectId: string, reason: PaymentReason) => `${reason}:${objectId}`;

async function rowsOf(tx: BillingTx, purchaseId: string): Promise<Rows> {
  const rows = await tx.creditLedgerEntry.findMany({ where: { purchaseId, reason: { in: MONEY_BACK_REASONS } }, select: { providerObjectId: true, reason: true, amount: true } });
  return new Map(rows.map((row) => [rowKey(row.providerObjectId ?? '', row.reason as PaymentReason), -row.amount]));
}

function statusOf(purchase: Pick<Purchase, 'amount'>, refunded: number, disputed: boolean): PurchaseStatus {
  if (disputed) return 'disputed';
  if (refunded <= 0) return 'paid';
  return refunded >= purchase.amount ? 'refunded' : 'partially_refunded';
}

/**
 * Brings what the purchase has taken back to what its money back owes. Answers the credits moved:
 * taken (positive) or given back (negative).
 */
export async function settleMoneyBack(tx: BillingTx, purchase: Purchase, moneyBack: MoneyBack): Promise<number> {
  const refunds = moneyBack.refunds.filter((refund) => REFUND_COUNTS.has(refund.status ?? 'succeeded')).sort((a, b) => a.created - b.created || a.id.localeCompare(b.id));
  const refunded = refunds.reduce((sum, refund) => sum + refund.amount, 0);
  const held = moneyBack.disputes.filter(disputeHolds).reduce((sum, dispute) => sum + dispute.amount, 0);
  const owed = shareOf(purchase, refunded + held);
  const rows = await rowsOf(tx, purchase.id);
  let taken = [...rows.values()].reduce((sum, credits) => sum + credits, 0);
  let moved = 0;
  const record = async (objectId: string, reason: PaymentReason, credits: number, note: string) => {
    const movement = { reason, providerObjectId: objectId, purchaseId: purchase.id, note };
    const balance = credits > 0 ? await clawBackCreditsOnce(tx, purchase.userId, credits, movement) : await grantCreditsOnce(tx, purchase.userId, -credits, movement);
    if (balance === null) return;
    taken += credits;
    moved += credits;
  };

  let cumulative = 0;
  const shares = refunds.map((refund) => {
    const before = shareOf(purchase, cumulative);
    cumulative += refund.amount;
    return { refund, share: shareOf(purchase, cumulative) - before, written: rows.has(rowKey(refund.id, 'refund_clawback')) };
  });
  const stillToTake = shares.filter((s) => !s.written).reduce((sum, s) => sum + s.share, 0);

  for (const dispute of moneyBack.disputes.filter((d) => !disputeHolds(d) && !rows.has(rowKey(d.id, 'dispute_reversal')))) {
    const give = Math.min(rows.get(rowKey(dispute.id, 'dispute_clawback')) ?? 0, taken - (owed - stillToTake));
    if (give > 0) await record(dispute.id, 'dispute_reversal', -give, `Dispute closed in our favour: ${purchase.item}`);
  }
  for (const { refund, share, written } of shares) {
    const part = Math.min(share, owed - taken);
    if (!written && part > 0) await record(refund.id, 'refund_clawback', part, `Refund of ${purchase.item}`);
  }
  for (const dispute of moneyBack.disputes.filter((d) => disputeHolds(d) && !rows.has(rowKey(d.id, 'dispute_clawback')))) {
    const part = owed - taken;
    if (part > 0) await record(dispute.id, 'dispute_clawback', part, `Payment disputed: ${purchase.item}`);
  }

  const amountRefunded = Math.max(purchase.amountRefunded, refunded);
  await tx.purchase.update({ where: { id: purchase.id }, data: { amountRefunded, status: statusOf(purchase, amountRefunded, held > 0) } });
  return moved;
}
