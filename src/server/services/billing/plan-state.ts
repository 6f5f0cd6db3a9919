/**
 * The plan's subscription as read back from the provider: whose it is, and its latest invoice as a
 * sale when paid. The webhook, the success page and the reconcile command read it here and apply it
 * in one transaction (premium from the subscription, the invoice's monthly credits once).
 */
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { findSaleItem } from './catalogue';
import { userOfCustomer } from './customers';
import { gatewayFor } from './gateway';
import { grantPlanInvoice, planSaleOf } from './grants';
import { madeByOurCheckout } from './ours';
import { applySubscription } from './premium';
import type { PlanSale } from './sales';
import type { InvoiceFacts, SubscriptionFacts } from './shapes';
import type { BillingTx } from './tx';

export type PlanState = { userId: string; subscription: SubscriptionFacts; sale: PlanSale | null };

/** Our user of a provider object: named in its metadata, or its customer's, or its subscription's owner. */
export async function resolveUser(
  db: Pick<Db, 'user' | 'billingSubscription'>,
  hints: { metadataUserId?: string | undefined; customerId: string | null; subscriptionId?: string | null },
): Promise<string | null> {
  if (hints.metadataUserId) return hints.metadataUserId;
  const byCustomer = await userOfCustomer(db, hints.customerId);
  if (byCustomer) return byCustomer;
  if (!hints.subscriptionId) return null;
  const known = await db.billingSubscription.findUnique({ where: { id: hints.subscriptionId }, select: { userId: true } });
  return known?.userId ?? null;
}

export function planSaleIfPaid(invoice: InvoiceFacts | null, userId: string): PlanSale | null {
  if (!invoice || invoice.status !== 'paid') return null;
  return planSaleOf(invoice, userId);
}

/**
 * The subscription's state, or null when it is not ours: not made by our checkout (no item of
 * ours in its metadata) or naming no user of ours. An item our catalogue does not sell is refused
 * (a subscription of ours we cannot honour).
 */
export async function readPlanState(db: Db, subscriptionId: string, userIdHint: string | null): Promise<PlanState | null> {
  const gateway = gatewayFor(db, subscriptionId);
  const subscription = await gateway.retrieveSubscription(subscriptionId);
  if (!madeByOurCheckout(subscription.metadata)) return null;
  const itemId = subscription.metadata.item ?? '';
  if (findSaleItem(itemId)?.kind !== 'plan') {
    throw new AppError('validation_failed', `Subscription ${subscription.id} is for an unknown plan "${itemId}": nothing changed.`);
  }
  const userId = userIdHint ?? (await resolveUser(db, { metadataUserId: subscription.metadata.userId, customerId: subscription.customer, subscriptionId }));
  if (!userId) return null;
  const invoice = subscription.latest_invoice ? await gateway.retrieveInvoice(subscription.latest_invoice) : null;
  return { userId, subscription, sale: planSaleIfPaid(invoice, userId) };
}

/** A user of ours that no longer exists (deleted) cannot be given anything: refused, nothing changed. */
export async function assertUser(tx: BillingTx, userId: string, objectId: string): Promise<void> {
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
