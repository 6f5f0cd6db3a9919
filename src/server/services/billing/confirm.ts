/**
 * /billing/success?session_id=...: the same idempotent grant the webhook makes, from the session
 * read back from the provider, so the credits appear before the webhook arrives (and the webhook
 * still covers whoever closed the tab). Only the session's own user may confirm it.
 */
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { getBalance } from '~/server/services/credits/ledger';
import { findSaleItem, PREMIUM_PLAN } from './catalogue';
import { applyPlanState, readPlanState } from './plan-state';
import { gatewayFor } from './gateway';
import { packSaleOf, sessionUserId } from './grants';
import { direct, recordPackGrant } from './pack-grant';

export type ConfirmAnswer = { state: 'granted' | 'pending' | 'unpaid'; credits: number; balance: number; item: string };

export async function confirmCheckout(db: Db, userId: string, sessionId: string): Promise<ConfirmAnswer> {
  const gateway = gatewayFor(db, sessionId);
  const session = await gateway.retrieveCheckoutSession(sessionId).catch((error: unknown) => {
    throw isMissing(error) ? new AppError('not_found', 'No such checkout session.') : error;
  });
  // Someone else's session is as unknown as a made-up one.
  if (sessionUserId(session) !== userId) throw new AppError('not_found', 'No such checkout session.');
  const itemId = session.metadata.item ?? '';
  const answer = async (state: ConfirmAnswer['state'], credits = 0): Promise<ConfirmAnswer> => ({ state, credits, balance: await getBalance(db, userId), item: itemId });
  if (session.status !== 'complete') return answer('unpaid');
  if (session.payment_status !== 'paid') return answer('pending');

  if (session.mode === 'payment') {
    // The line items must say what the metadata says: one line at the catalogue's price.
    const pack = findSaleItem(itemId);
    if (pack && (session.lineTotals.length !== 1 || session.lineTotals[0] !== session.amount_total)) {
      throw new AppError('validation_failed', `Checkout session ${session.id}'s line items do not match its total: nothing granted.`);
    }
    const sale = packSaleOf(session, { receiptUrl: session.receiptUrl });
    const grant = await recordPackGrant(direct(db), sale, null);
    // Granted before (by the webhook, which has no receipt): the read-back's receipt is kept now.
    if (!grant.granted && sale.receiptUrl) await db.purchase.updateMany({ where: { id: sale.sessionId, receiptUrl: null }, data: { receiptUrl: sale.receiptUrl } });
    return answer('granted', sale.pack.credits);
  }
  if (session.mode === 'subscription' && session.subscription) {
    const state = await readPlanState(db, session.subscription, userId);
    // A subscription our checkout did not make gives nothing here, whatever session names it.
    if (!state) return answer('unpaid');
    if (!state.sale) return answer('pending');
    await db.$transaction((tx) => applyPlanState(tx, state));
    return answer('granted', PREMIUM_PLAN.monthlyCredits);
  }
  return answer('unpaid');
}

function isMissing(error: unknown): boolean {
  if (error instanceof AppError) return error.code === 'not_found';
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return status === 404;
}
