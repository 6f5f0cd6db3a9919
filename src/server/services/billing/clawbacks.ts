/**
 * Credits taken back when money goes back: a refund takes the refunded share of the purchase's
 * credits, a dispute takes the disputed share, and a dispute won gives back what it took. Each is
 * a ledger movement keyed by the refund's or the dispute's id, so replays change nothing; a
 * clawback may leave the balance below zero (the credits were spent), and then the owner cannot
 * generate until a purchase covers a cost again.
 *
 * Refunds are taken in the order the provider made them, each taking the difference of the
 * rounded-down shares before and after it: however the events arrive, the total taken is the
 * rounded-down share of everything refunded, and each refund's part is always the same.
 */
import type { Purchase } from '~/server/db/generated/client';
import { clawBackCreditsOnce, grantCreditsOnce } from '~/server/services/credits/ledger';
import type { PurchaseStatus } from './purchases';
import type { DisputeFacts, RefundFacts } from './shapes';
import type { BillingTx } from './tx';

/** Refund statuses whose money is (or is on its way) back to the buyer. */
const REFUND_COUNTS = new Set(['succeeded', 'pending']);

/** Dispute endings in our favour: the money stays with us, so the credits come back. */
const DISPUTE_WON = new Set(['won', 'warning_closed']);

function shareOf(purchase: Pick<Purchase, 'credits' | 'amount'>, money: number): number {
  if (purchase.amount <= 0) return 0;
  return Math.floor((purchase.credits * Math.min(money, purchase.amount)) / purchase.amount);
}

function statusAfterRefunds(purchase: Pick<Purchase, 'amount' | 'status'>, refunded: number): PurchaseStatus {
  if (purchase.status === 'disputed') return 'disputed';
  if (refunded <= 0) return 'paid';
  return refunded >= purchase.amount ? 'refunded' : 'partially_refunded';
}

export type ClawbackResult = { taken: number };

/** Takes back the share of every refund of the purchase's charge not taken yet. */
export async function clawBackRefunds(tx: BillingTx, purchase: Purchase, refunds: RefundFacts[]): Promise<ClawbackResult> {
  const counted = refunds.filter((refund) => REFUND_COUNTS.has(refund.status ?? 'succeeded')).sort((a, b) => a.created - b.created || a.id.localeCompare(b.id));
  let cumulative = 0;
  let taken = 0;
  for (const refund of counted) {
    const before = shareOf(purchase, cumulative);
    cumulative += refund.amount;
    const part = shareOf(purchase, cumulative) - before;
    if (part <= 0) continue;
    const balance = await clawBackCreditsOnce(tx, purchase.userId, part, {
      reason: 'refund_clawback',
      providerObjectId: refund.id,
      purchaseId: purchase.id,
      note: `Refund of ${purchase.item}`,
    });
    if (balance !== null) taken += part;
  }
  const refunded = Math.max(purchase.amountRefunded, cumulative);
  await tx.purchase.update({ where: { id: purchase.id }, data: { amountRefunded: refunded, status: statusAfterRefunds(purchase, refunded) } });
  return { taken };
}

/** Credits of the purchase already taken back by refunds. */
async function refundedCredits(tx: BillingTx, purchaseId: string): Promise<number> {
  const sum = await tx.creditLedgerEntry.aggregate({ where: { purchaseId, reason: 'refund_clawback' }, _sum: { amount: true } });
  return -(sum._sum.amount ?? 0);
}

/** A dispute opened: the disputed share of what the refunds left, taken back once. */
export async function clawBackDispute(tx: BillingTx, purchase: Purchase, dispute: DisputeFacts): Promise<ClawbackResult> {
  const left = purchase.credits - (await refundedCredits(tx, purchase.id));
  const part = Math.min(shareOf(purchase, dispute.amount), left);
  let taken = 0;
  if (part > 0) {
    const balance = await clawBackCreditsOnce(tx, purchase.userId, part, {
      reason: 'dispute_clawback',
      providerObjectId: dispute.id,
      purchaseId: purchase.id,
      note: `Payment disputed: ${purchase.item}`,
    });
    if (balance !== null) taken = part;
  }
  await tx.purchase.update({ where: { id: purchase.id }, data: { status: 'disputed' } });
  return { taken };
}

/** A dispute closed: won gives back exactly what its opening took (once); lost keeps it taken. */
export async function closeDispute(tx: BillingTx, purchase: Purchase, dispute: DisputeFacts): Promise<{ returned: number; won: boolean }> {
  const won = DISPUTE_WON.has(dispute.status);
  if (!won) return { returned: 0, won };
  const clawback = await tx.creditLedgerEntry.findUnique({ where: { providerObjectId_reason: { providerObjectId: dispute.id, reason: 'dispute_clawback' } }, select: { amount: true } });
  let returned = 0;
  if (clawback && clawback.amount < 0) {
    const balance = await grantCreditsOnce(tx, purchase.userId, -clawback.amount, {
      reason: 'dispute_reversal',
      providerObjectId: dispute.id,
      purchaseId: purchase.id,
      note: `Dispute won: ${purchase.item}`,
    });
    if (balance !== null) returned = -clawback.amount;
  }
  await tx.purchase.update({ where: { id: purchase.id }, data: { status: statusAfterRefunds({ amount: purchase.amount, status: 'paid' }, purchase.amountRefunded) } });
  return { returned, won };
}
