/**
 * The console's payments: purchases and subscriptions of every user, newest first, by status,
 * each with the address of its object in Stripe's Dashboard (none for the local checkout's, which
 * live only in our database). Reconciling runs the same code as `npm run billing:reconcile`;
 * refunding asks the payment provider (billing/refund-purchase.ts).
 */
import { getEnv } from '~/env';
import type { Db } from '~/server/db/client';
import { describeReconcile, reconcilePayments } from '~/server/services/billing/reconcile';
import { refundPurchase } from '~/server/services/billing/refund-purchase';
import { isLocalObjectId } from '~/server/services/billing/gateway/local';
import { everyOwnerPageArgs, type Page, type PageRequest, toPage } from '~/server/services/paging/cursor-page';
import { runStaffAction, settledAction, type StaffActor } from './actions';

/** Where an object of ours is in Stripe's Dashboard (its test-mode half for a test key); null for a local one. */
export function dashboardUrl(kind: 'payments' | 'invoices' | 'subscriptions', id: string | null): string | null {
  if (!id || isLocalObjectId(id)) return null;
  const testMode = getEnv().STRIPE_SECRET_KEY?.startsWith('sk_test_') ?? false;
  return `https://dashboard.stripe.com${testMode ? '/test' : ''}/${kind}/${encodeURIComponent(id)}`;
}

export type PurchaseRow = {
  id: string;
  userId: string;
  userEmail: string;
  kind: string;
  item: string;
  credits: number;
  amount: number;
  amountRefunded: number;
  currency: string;
  status: string;
  createdAt: Date;
  stripeUrl: string | null;
};

export async function listAllPurchases(db: Db, filter: { status?: string | undefined }, page: PageRequest): Promise<Page<PurchaseRow>> {
  const rows = await db.purchase.findMany({
    where: filter.status ? { status: filter.status } : {},
    ...everyOwnerPageArgs(page),
    include: { user: { select: { email: true } } },
  });
  const { items, nextCursor } = toPage(rows, page.limit);
  return {
    items: items.map(({ user, paymentIntentId, receiptUrl: _receipt, updatedAt: _updated, ...row }) => ({
      ...row,
      userEmail: user.email,
      // A pack is paid by its payment intent; a month of the plan by its invoice (the purchase's id).
      stripeUrl: row.kind === 'plan' ? dashboardUrl('invoices', row.id) : dashboardUrl('payments', paymentIntentId),
    })),
    nextCursor,
  };
}

export type SubscriptionRow = {
  id: string;
  userId: string;
  userEmail: string;
  status: string;
  premium: boolean;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date;
  createdAt: Date;
  stripeUrl: string | null;
};

export async function listAllSubscriptions(db: Db, filter: { status?: string | undefined }, page: PageRequest): Promise<Page<SubscriptionRow>> {
  const rows = await db.billingSubscription.findMany({
    where: filter.status ? { status: filter.status } : {},
    ...everyOwnerPageArgs(page),
    include: { user: { select: { email: true } } },
  });
  const { items, nextCursor } = toPage(rows, page.limit);
  return {
    items: items.map((row) => ({
      id: row.id,
      userId: row.userId,
      userEmail: row.user.email,
      status: row.status,
      premium: row.premium,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      currentPeriodEnd: row.currentPeriodEnd,
      createdAt: row.createdAt,
      stripeUrl: dashboardUrl('subscriptions', row.id),
    })),
    nextCursor,
  };
}

export type ReconcileRequest = { actionId: string; days: number; reason: string };

/**
 * Reconciles the last `days` days exactly as the command does (each payment it grants is its own
 * transaction, and once only, so running it again is safe), then records what it did. Its audit
 * row follows the run rather than sharing a transaction with it: the run is many transactions, each
 * already kept once by its payment's ledger key.
 */
export async function reconcileFromConsole(db: Db, actor: StaffActor, input: ReconcileRequest): Promise<{ repeated: boolean; lines: string[]; refused: number }> {
  const report = await reconcilePayments(db, { days: input.days });
  const lines = describeReconcile(report);
  const refused = report.lines.filter((line) => line.outcome === 'refused').length;
  const granted = report.lines.filter((line) => line.outcome === 'granted');
  const outcome = await runStaffAction(db, actor, { actionId: input.actionId, action: 'payments.reconcile', targetType: 'payments', targetId: null }, async () => ({
    reason: input.reason,
    before: null,
    after: { days: input.days, payments: report.lines.length, granted: granted.length, credits: granted.reduce((sum, line) => sum + line.credits, 0), refused },
    result: { lines, refused },
  }));
  // The same form again ran the same safe reconcile; its record stays the first one.
  return { repeated: outcome.repeated, lines, refused };
}

export type PurchaseRefundRequest = { actionId: string; purchaseId: string; reason: string };

/**
 * Refunds a purchase at the payment provider, once per form (the form's id is the provider's
 * idempotency key, so a form sent again makes no second refund), and records it. The credits come
 * back through the webhook's clawback, as for any refund; the audit row follows the provider's
 * answer, as the refund is the provider's to make.
 */
export async function refundPurchaseFromConsole(db: Db, actor: StaffActor, input: PurchaseRefundRequest): Promise<{ repeated: boolean }> {
  const request = { actionId: input.actionId, action: 'purchase.refund' as const, targetType: 'purchase' as const, targetId: input.purchaseId };
  const settled = await settledAction(db, request);
  if (settled) return settled;
  const refund = await refundPurchase(db, { purchaseId: input.purchaseId, idempotencyKey: input.actionId, reason: input.reason });
  const outcome = await runStaffAction(db, actor, request, async () => ({
    reason: input.reason,
    before: refund.before,
    after: { refundId: refund.refundId, amount: refund.amount },
    result: null,
  }));
  return { repeated: outcome.repeated };
}
