/**
 * A studio wired to the fake Stripe: the real SDK points at the double, the double delivers its
 * events to the studio's /api/webhooks/stripe over HTTP, and helpers read what the ledger says.
 */
import { startFakeStripe, type FakeStripe } from './fake-stripe';
import { startStudio, type Studio, type StudioUser } from './studio';

export type BillingStudio = {
  studio: Studio;
  stripe: FakeStripe;
  /** A signed-in buyer's checkout through the procedure: the session the fake Stripe holds. */
  checkout(user: StudioUser, item: string): Promise<{ url: string; sessionId: string }>;
  /** Ledger rows of a user for payments (the reasons billing writes), oldest first. */
  paymentRows(user: StudioUser): Promise<{ reason: string; amount: number; providerObjectId: string | null; balanceAfter: number }[]>;
  /** Sum of the user's ledger, which must always equal their balance. */
  ledgerSum(user: StudioUser): Promise<number>;
  stop(): Promise<void>;
};

const PAYMENT_REASONS = ['purchase_grant', 'plan_grant', 'refund_clawback', 'dispute_clawback', 'dispute_reversal'];

export async function startBillingStudio(env: Record<string, string | undefined> = {}): Promise<BillingStudio> {
  const stripe = await startFakeStripe();
  const studio = await startStudio({ env: { ...stripe.env, ...env } });
  stripe.setWebhookUrl(`${studio.server.url}/api/webhooks/stripe`);
  return {
    studio,
    stripe,
    async checkout(user, item) {
      const { url } = await studio.caller(user).billing.checkout({ item });
      // The fake's hosted page is <fake>/pay/<session id>.
      return { url, sessionId: new URL(url).pathname.split('/').pop()! };
    },
    async paymentRows(user) {
      const rows = await studio.db.creditLedgerEntry.findMany({
        where: { userId: user.id, reason: { in: PAYMENT_REASONS } },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: { reason: true, amount: true, providerObjectId: true, balanceAfter: true },
      });
      return rows;
    },
    async ledgerSum(user) {
      const sum = await studio.db.creditLedgerEntry.aggregate({ where: { userId: user.id }, _sum: { amount: true } });
      return sum._sum.amount ?? 0;
    },
    async stop() {
      await studio.stop();
      await stripe.close();
    },
  };
}
