/**
 * Refunding a purchase from the console: the refund is made at the payment provider (Stripe, or
 * the local checkout's record of one), once per request key, and nothing here touches credits.
 * The provider then reports it as any refund (charge.refunded), and the webhook's own clawback
 * (clawbacks.ts) takes the credits back, once, by the refund's id. The local checkout sends that
 * event itself, through the same handler, as Stripe would.
 */
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { gatewayFor } from './gateway';
import { localChargeOf } from './gateway/local';
import { deliverLocally } from './local-checkout';

export type PurchaseRefund = { purchaseId: string; idempotencyKey: string; reason: string };

export const NOTHING_TO_REFUND = 'This purchase is already refunded in full.';

/** The refund made: its id, its amount (everything not refunded yet), and the purchase's state before it. */
export async function refundPurchase(db: Db, request: PurchaseRefund): Promise<{ refundId: string; amount: number; before: { status: string; amountRefunded: number } }> {
  const purchase = await db.purchase.findUnique({ where: { id: request.purchaseId } });
  if (!purchase) throw new AppError('not_found', 'Purchase not found.');
  if (!purchase.paymentIntentId) throw new AppError('validation_failed', 'This purchase names no payment to refund.');
  const amount = purchase.amount - purchase.amountRefunded;
  if (amount <= 0) throw new AppError('validation_failed', NOTHING_TO_REFUND);
  const gateway = gatewayFor(db, purchase.paymentIntentId);
  const { refundId, chargeId } = await gateway.refundPayment({ paymentIntentId: purchase.paymentIntentId, amount, idempotencyKey: request.idempotencyKey, reason: request.reason });
  if (gateway.kind === 'local') {
    const refunded = (await gateway.listRefunds(chargeId)).reduce((sum, refund) => sum + refund.amount, 0);
    await deliverLocally(db, 'charge.refunded', {
      id: localChargeOf(purchase.paymentIntentId),
      object: 'charge',
      amount: purchase.amount,
      amount_refunded: refunded,
      currency: purchase.currency,
      payment_intent: purchase.paymentIntentId,
      receipt_url: null,
    });
  }
  return { refundId, amount, before: { status: purchase.status, amountRefunded: purchase.amountRefunded } };
}
