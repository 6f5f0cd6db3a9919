/**
 * `npm run billing:reconcile -- --days N`: lists the paid checkout sessions and invoices of the
 * last N days at the provider and grants whatever is missing through the same door as the webhook
 * (a lost delivery, an endpoint that was down, a closed tab). What is granted already is left as it
 * is, so running it twice changes nothing. Ends premium whose time is up on the way.
 */
import { getEnv } from '~/env';
import type { Db } from '~/server/db/client';
import { AppError, asAppError } from '~/server/errors';
import { applyPlanState, readPlanState } from './plan-state';
import { gatewayFor, type PaymentGateway } from './gateway';
import { localGateway } from './gateway/local';
import { stripeGateway } from './gateway/stripe';
import { packSaleOf, planSaleOf } from './grants';
import { madeByOurCheckout } from './ours';
import { direct, recordPackGrant } from './pack-grant';
import { expireLapsedPremium } from './premium';
import type { CheckoutSessionFacts, InvoiceFacts } from './shapes';

export type ReconcileLine = {
  /** The checkout session or invoice. */
  object: string;
  outcome: 'granted' | 'already_granted' | 'awaiting_payment' | 'refused';
  credits: number;
  userId: string | null;
  detail?: string;
};

export type ReconcileReport = { since: Date; lines: ReconcileLine[]; premiumEnded: string[] };

function gatewaysToReconcile(db: Db): PaymentGateway[] {
  const env = getEnv();
  return [...(env.STRIPE_SECRET_KEY ? [stripeGateway] : []), ...(env.checkout === 'local' ? [localGateway(db)] : [])];
}

async function reconcileSession(db: Db, session: CheckoutSessionFacts): Promise<ReconcileLine | null> {
  // Subscriptions are reconciled through their invoices; another integration's sessions are not ours.
  if (session.mode !== 'payment' || !madeByOurCheckout(session.metadata)) return null;
  const userId = session.client_reference_id ?? session.metadata.userId ?? null;
  if (session.payment_status !== 'paid') return { object: session.id, outcome: 'awaiting_payment', credits: 0, userId };
  const known = await db.purchase.findUnique({ where: { id: session.id }, select: { credits: true } });
  if (known) return { object: session.id, outcome: 'already_granted', credits: 0, userId };
  const sale = packSaleOf(session);
  const result = await recordPackGrant(direct(db), sale, null);
  return { object: session.id, outcome: result.granted ? 'granted' : 'already_granted', credits: result.granted ? result.credits : 0, userId: sale.userId };
}

async function reconcileInvoice(db: Db, invoice: InvoiceFacts): Promise<ReconcileLine | null> {
  const subscriptionId = invoice.parent?.subscription_details?.subscription;
  if (!subscriptionId) return null;
  const known = await db.purchase.findUnique({ where: { id: invoice.id }, select: { userId: true } });
  if (known) return { object: invoice.id, outcome: 'already_granted', credits: 0, userId: known.userId };
  // Read back the subscription (premium follows it) and grant this invoice through the same door.
  const state = await readPlanState(db, subscriptionId, invoice.parent?.subscription_details?.metadata.userId ?? null);
  // Another integration's invoice (or a Dashboard subscription's): not a payment of ours.
  if (!state) return null;
  // The listed invoice lacks its payments (the payment intent refunds will name): read it back.
  const full = await gatewayFor(db, invoice.id).retrieveInvoice(invoice.id);
  const sale = planSaleOf(full, state.userId);
  const applied = await db.$transaction((tx) => applyPlanState(tx, { ...state, sale }));
  return { object: invoice.id, outcome: applied.granted ? 'granted' : 'already_granted', credits: applied.granted ? applied.credits : 0, userId: state.userId };
}

async function guarded(object: string, run: () => Promise<ReconcileLine | null>): Promise<ReconcileLine | null> {
  try {
    return await run();
  } catch (error) {
    const appError = asAppError(error);
    // A payment we cannot honour is reported, and the others still go through; anything else stops the run.
    if (appError && (appError.code === 'validation_failed' || appError.code === 'not_found')) {
      return { object, outcome: 'refused', credits: 0, userId: null, detail: appError.message };
    }
    throw error;
  }
}

export async function reconcilePayments(db: Db, options: { days: number; now?: Date }): Promise<ReconcileReport> {
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - options.days * 24 * 60 * 60 * 1000);
  const lines: ReconcileLine[] = [];
  const gateways = gatewaysToReconcile(db);
  if (gateways.length === 0) throw new AppError('payments_unavailable', 'Payments are not configured here (no STRIPE_SECRET_KEY, local checkout off): nothing to reconcile.');
  for (const gateway of gateways) {
    for await (const session of gateway.listCompletedSessions(since)) {
      const line = await guarded(session.id, () => reconcileSession(db, session));
      if (line) lines.push(line);
    }
    for await (const invoice of gateway.listPaidInvoices(since)) {
      const line = await guarded(invoice.id, () => reconcileInvoice(db, invoice));
      if (line) lines.push(line);
    }
  }
  const premiumEnded = await expireLapsedPremium(db, now);
  return { since, lines, premiumEnded };
}

/** What the command prints: one line per payment, then the totals. */
export function describeReconcile(report: ReconcileReport): string[] {
  const lines = [`Payments since ${report.since.toISOString()}:`];
  for (const line of report.lines) {
    const what = line.outcome === 'granted' ? `granted ${line.credits} credits` : line.outcome.replace('_', ' ');
    lines.push(`  ${line.object}  ${what}${line.userId ? `  (user ${line.userId})` : ''}${line.detail ? `: ${line.detail}` : ''}`);
  }
  const count = (outcome: ReconcileLine['outcome']) => report.lines.filter((l) => l.outcome === outcome).length;
  const credits = report.lines.reduce((sum, l) => sum + l.credits, 0);
  lines.push(
    `${report.lines.length} payment(s): ${count('granted')} granted now (${credits} credits), ${count('already_granted')} already granted, ${count('awaiting_payment')} awaiting payment, ${count('refused')} refused.`,
  );
  if (report.premiumEnded.length > 0) lines.push(`Premium ended (its time was up) for ${report.premiumEnded.length} user(s).`);
  return lines;
}
