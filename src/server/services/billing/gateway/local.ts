/**
 * The local checkout's gateway: Stripe-shaped sessions, subscriptions and invoices kept in our
 * database (LocalPaymentObject), so the local checkout works across instances and reads back like
 * Stripe does. No money moves; nothing here is ever reached in production unless LOCAL_CHECKOUT=on.
 */
import { createHash } from 'node:crypto';
import type { Db } from '~/server/db/client';
import { Prisma } from '~/server/db/generated/client';
import { newRowId } from '~/server/db/ids';
import { AppError } from '~/server/errors';
import { creditsOf, itemName } from '../catalogue';
import { checkoutSessionShape, invoiceShape, refundShape, subscriptionShape } from '../shapes';
import type { CheckoutRequest, PaymentGateway, RefundRequest, RetrievedSession } from './types';

/** Every id the local checkout makes carries this, so read-backs know where to look. */
export const LOCAL_ID_MARK = '_local_';

export function isLocalObjectId(id: string): boolean {
  return id.includes(LOCAL_ID_MARK);
}

export function localId(prefix: 'cs' | 'sub' | 'in' | 'pi' | 'ch' | 'evt' | 'cus' | 're'): string {
  return `${prefix}${LOCAL_ID_MARK}${newRowId()}`;
}

export const LOCAL_PORTAL_PATH = '/billing/local-portal';

export type LocalObjectType = 'checkout.session' | 'subscription' | 'invoice' | 'refund';

/** A local payment's one charge: named after its payment intent, so either finds the other. */
export function localChargeOf(paymentIntentId: string): string {
  return `ch${paymentIntentId.slice(paymentIntentId.indexOf(LOCAL_ID_MARK))}`;
}

export async function readLocalObject(db: Db, type: LocalObjectType, id: string): Promise<Record<string, unknown>> {
  const row = await db.localPaymentObject.findUnique({ where: { id } });
  if (!row || row.type !== type) throw new AppError('not_found', `No such ${type}: ${id}`);
  return row.data as Record<string, unknown>;
}

export function localGateway(db: Db): PaymentGateway {
  return {
    kind: 'local',

    async createCustomer({ userId }) {
      // A local customer is only a name: nothing is stored at a provider.
      return `cus${LOCAL_ID_MARK}${userId}`;
    },

    async createCheckoutSession({ item, userId, customerId, successUrl, cancelUrl }: CheckoutRequest) {
      const id = localId('cs');
      const metadata = { userId, item: item.id };
      const session = {
        id,
        object: 'checkout.session',
        mode: item.kind === 'pack' ? 'payment' : 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: userId,
        metadata,
        amount_total: item.amount,
        currency: item.currency,
        customer: customerId,
        payment_intent: null,
        subscription: null,
        invoice: null,
        created: Math.floor(Date.now() / 1000),
        success_url: successUrl.replace('{CHECKOUT_SESSION_ID}', id),
        cancel_url: cancelUrl,
        line_items: { object: 'list', data: [{ description: itemName(item), quantity: 1, amount_total: item.amount, currency: item.currency }] },
        // What the local checkout page shows.
        studio: { kind: item.kind, credits: creditsOf(item) },
      };
      await db.localPaymentObject.create({ data: { id, type: 'checkout.session', userId, data: session as unknown as Prisma.InputJsonValue } });
      return { id, url: `/billing/local-checkout?session=${encodeURIComponent(id)}` };
    },

    async retrieveCheckoutSession(id): Promise<RetrievedSession> {
      const data = await readLocalObject(db, 'checkout.session', id);
      const lines = (data.line_items as { data?: { amount_total: number }[] } | undefined)?.data ?? [];
      return { ...checkoutSessionShape.parse(data), lineTotals: lines.map((line) => line.amount_total), receiptUrl: null };
    },

    async retrieveSubscription(id) {
      return subscriptionShape.parse(await readLocalObject(db, 'subscription', id));
    },

    async cancelSubscription(id) {
      const subscription = await readLocalObject(db, 'subscription', id);
      const now = Math.floor(Date.now() / 1000);
      const canceled = { ...subscription, status: 'canceled', cancel_at_period_end: false, canceled_at: now, ended_at: now };
      await db.localPaymentObject.update({ where: { id }, data: { data: canceled as Prisma.InputJsonValue } });
      return subscriptionShape.parse(canceled);
    },

    async retrieveInvoice(id) {
      return invoiceShape.parse(await readLocalObject(db, 'invoice', id));
    },

    async refundPayment({ paymentIntentId, amount, idempotencyKey }: RefundRequest) {
      // No money moves here either: the refund is recorded as Stripe would list it, once per key.
      const owner = await db.purchase.findUnique({ where: { paymentIntentId }, select: { userId: true } });
      if (!owner) throw new AppError('not_found', `No such payment intent: ${paymentIntentId}`);
      const chargeId = localChargeOf(paymentIntentId);
      const id = `re${LOCAL_ID_MARK}${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;
      const refund = { id, object: 'refund', amount, charge: chargeId, payment_intent: paymentIntentId, status: 'succeeded', created: Math.floor(Date.now() / 1000) };
      await db.localPaymentObject.createMany({ data: [{ id, type: 'refund', userId: owner.userId, data: refund as Prisma.InputJsonValue }], skipDuplicates: true });
      return { refundId: id, chargeId };
    },

    async listRefunds(chargeId) {
      const rows = await db.localPaymentObject.findMany({ where: { type: 'refund', data: { path: ['charge'], equals: chargeId } }, orderBy: { createdAt: 'asc' } });
      return rows.map((row) => refundShape.parse(row.data));
    },

    async listDisputes() {
      // Nor can anyone dispute a payment that moved no money.
      return [];
    },

    async findSessionByPaymentIntent(paymentIntentId) {
      const row = await db.localPaymentObject.findFirst({ where: { type: 'checkout.session', data: { path: ['payment_intent'], equals: paymentIntentId } } });
      return row ? checkoutSessionShape.parse(row.data) : null;
    },

    async createPortalSession() {
      return LOCAL_PORTAL_PATH;
    },

    async *listCompletedSessions(since) {
      const rows = await db.localPaymentObject.findMany({ where: { type: 'checkout.session', createdAt: { gte: since } }, orderBy: { createdAt: 'asc' } });
      for (const row of rows) {
        const session = checkoutSessionShape.parse(row.data);
        if (session.status === 'complete') yield session;
      }
    },

    async *listPaidInvoices(since) {
      const rows = await db.localPaymentObject.findMany({ where: { type: 'invoice', createdAt: { gte: since } }, orderBy: { createdAt: 'asc' } });
      for (const row of rows) {
        const invoice = invoiceShape.parse(row.data);
        if (invoice.status === 'paid') yield invoice;
      }
    },
  };
}
