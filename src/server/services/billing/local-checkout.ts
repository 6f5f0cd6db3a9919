/**
 * The local checkout (development without payment keys, or LOCAL_CHECKOUT=on): a page of ours
 * says plainly that no money moves, and Pay completes the session the way Stripe would, then
 * sends the events Stripe would send, signed with the local secret, through the same webhook
 * handler and ledger door as real payments. Nothing here grants by itself.
 */
import type { Db } from '~/server/db/client';
import { Prisma } from '~/server/db/generated/client';
import { AppError } from '~/server/errors';
import { findSaleItem } from './catalogue';
import { localId, readLocalObject } from './gateway/local';
import { checkoutSessionShape } from './shapes';
import { signLocally } from './signing';
import { receiveStripeWebhook } from './webhook';

const MONTH_SECONDS = 30 * 24 * 60 * 60;

type LocalSessionData = Record<string, unknown> & { success_url: string; cancel_url: string; studio?: { kind: 'pack' | 'plan'; credits: number } };

async function ownSession(db: Db, userId: string, sessionId: string): Promise<LocalSessionData> {
  const data = (await readLocalObject(db, 'checkout.session', sessionId).catch(() => null)) as LocalSessionData | null;
  const session = data ? checkoutSessionShape.parse(data) : null;
  if (!data || !session || session.client_reference_id !== userId) throw new AppError('not_found', 'No such checkout session.');
  return data;
}

export async function readLocalSession(db: Db, userId: string, sessionId: string) {
  const data = await ownSession(db, userId, sessionId);
  const session = checkoutSessionShape.parse(data);
  const item = findSaleItem(session.metadata.item ?? '');
  if (!item) throw new AppError('not_found', 'No such checkout session.');
  const state = session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open';
  return {
    id: session.id,
    item: item.id,
    kind: item.kind,
    credits: item.kind === 'pack' ? item.credits : item.monthlyCredits,
    amount: session.amount_total ?? item.amount,
    currency: session.currency ?? item.currency,
    state: state as 'open' | 'complete' | 'expired',
    successUrl: data.success_url,
    cancelUrl: data.cancel_url,
  };
}

async function save(tx: Pick<Db, 'localPaymentObject'>, id: string, type: 'subscription' | 'invoice', userId: string, data: object): Promise<void> {
  await tx.localPaymentObject.create({ data: { id, type, userId, data: data as Prisma.InputJsonValue } });
}

/** Pay: completes the session once (a second Pay only answers where to go), then delivers its events. */
export async function payLocalSession(db: Db, userId: string, sessionId: string): Promise<{ successUrl: string }> {
  const data = await ownSession(db, userId, sessionId);
  const session = checkoutSessionShape.parse(data);
  if (session.status === 'expired') throw new AppError('validation_failed', 'This checkout session has expired. Please start again from the pricing page.');
  const now = Math.floor(Date.now() / 1000);
  const paymentIntent = localId('pi');
  const events: { type: string; object: object }[] = [];
  const subscriptionId = localId('sub');
  const invoiceId = localId('in');
  const done: Record<string, unknown> = { ...data, status: 'complete', payment_status: 'paid' };
  if (session.mode === 'payment') done.payment_intent = paymentIntent;
  else done.subscription = subscriptionId;
  const completed = await db.$transaction(async (tx) => {
    // Conditional on the session still being open (re-checked on the locked row): two Pays racing
    // complete it once, and only the winner makes a subscription.
    const won = await tx.localPaymentObject.updateMany({ where: { id: sessionId, data: { path: ['status'], equals: 'open' } }, data: { data: done as Prisma.InputJsonValue } });
    if (won.count === 0) return false;
    if (session.mode === 'subscription') {
      const metadata = session.metadata;
      const subscription = {
        id: subscriptionId,
        object: 'subscription',
        status: 'active',
        customer: session.customer,
        cancel_at_period_end: false,
        cancel_at: null,
        metadata,
        latest_invoice: invoiceId,
        items: { object: 'list', data: [{ current_period_start: now, current_period_end: now + MONTH_SECONDS }] },
        created: now,
      };
      const invoice = {
        id: invoiceId,
        object: 'invoice',
        status: 'paid',
        customer: session.customer,
        amount_paid: session.amount_total ?? 0,
        currency: session.currency,
        billing_reason: 'subscription_create',
        hosted_invoice_url: null,
        created: now,
        parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata } },
        payments: { object: 'list', data: [{ status: 'paid', payment: { type: 'payment_intent', payment_intent: paymentIntent } }] },
      };
      await save(tx, subscriptionId, 'subscription', userId, subscription);
      await save(tx, invoiceId, 'invoice', userId, invoice);
      events.push({ type: 'customer.subscription.created', object: subscription }, { type: 'invoice.paid', object: invoice });
    }
    events.unshift({ type: 'checkout.session.completed', object: done });
    return true;
  });
  if (completed) {
    for (const event of events) await deliverLocally(db, event.type, event.object);
  }
  return { successUrl: data.success_url };
}

/** One Stripe-shaped event, signed with the local secret, through the webhook handler. */
export async function deliverLocally(db: Db, type: string, object: object): Promise<string> {
  const payload = JSON.stringify({ id: localId('evt'), object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });
  const answer = await receiveStripeWebhook(db, payload, signLocally(payload));
  if (answer.status !== 200) throw new AppError('internal', `The local checkout's ${type} event was refused: ${answer.body.message ?? answer.body.error ?? answer.status}`);
  return answer.body.outcome ?? '';
}

export type LocalPortalAction = 'cancel_at_period_end' | 'resume' | 'cancel_now';

/**
 * The local portal: changes the caller's newest local subscription as Stripe's portal would, then
 * sends the matching event through the same handler (premium follows it as read back).
 */
export async function actOnLocalSubscription(db: Db, userId: string, action: LocalPortalAction): Promise<void> {
  const row = await db.localPaymentObject.findFirst({ where: { userId, type: 'subscription' }, orderBy: { createdAt: 'desc' } });
  if (!row) throw new AppError('not_found', 'You have no subscription to manage.');
  const subscription = row.data as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  const changed: Record<string, unknown> =
    action === 'cancel_now'
      ? { ...subscription, status: 'canceled', cancel_at_period_end: false, canceled_at: now, ended_at: now }
      : { ...subscription, cancel_at_period_end: action === 'cancel_at_period_end', canceled_at: action === 'cancel_at_period_end' ? now : null };
  await db.localPaymentObject.update({ where: { id: row.id }, data: { data: changed as Prisma.InputJsonValue } });
  await deliverLocally(db, action === 'cancel_now' ? 'customer.subscription.deleted' : 'customer.subscription.updated', changed);
}
