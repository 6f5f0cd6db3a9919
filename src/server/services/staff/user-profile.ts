/**
 * A user as the console's user page shows them: balance, plan and subscription, role, suspension,
 * premium given by hand, how they sign in, when they joined and were last seen. The ledger,
 * generations and purchases are paged lists of their own (user-lists.ts, billing/purchases.ts).
 */
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { isRole, type Role } from '~/utils/staff-roles';

export type UserProfile = {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  credits: number;
  premium: boolean;
  manualPremium: { until: Date | null } | null;
  subscription: { id: string; status: string; premium: boolean; cancelAtPeriodEnd: boolean; currentPeriodEnd: Date } | null;
  suspendedAt: Date | null;
  /** next-auth's provider ids of the linked accounts; none: the development sign-in by e-mail. */
  signInMethods: string[];
  createdAt: Date;
  lastSeenAt: Date | null;
};

export async function readUserProfile(db: Db, userId: string): Promise<UserProfile> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      name: true,
      role: true,
      credits: true,
      premium: true,
      manualPremium: true,
      manualPremiumUntil: true,
      suspendedAt: true,
      createdAt: true,
      lastSeenAt: true,
      accounts: { select: { provider: true } },
      // The one that matters: the newest that still gives premium, else the newest (as "Your plan").
      subscriptions: { orderBy: [{ premium: 'desc' }, { createdAt: 'desc' }], take: 1 },
    },
  });
  if (!user) throw new AppError('not_found', 'User not found.');
  const subscription = user.subscriptions[0];
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: isRole(user.role) ? user.role : 'user',
    credits: user.credits,
    premium: user.premium,
    manualPremium: user.manualPremium ? { until: user.manualPremiumUntil } : null,
    subscription: subscription
      ? { id: subscription.id, status: subscription.status, premium: subscription.premium, cancelAtPeriodEnd: subscription.cancelAtPeriodEnd, currentPeriodEnd: subscription.currentPeriodEnd }
      : null,
    suspendedAt: user.suspendedAt,
    signInMethods: [...new Set(user.accounts.map((account) => account.provider))].sort(),
    createdAt: user.createdAt,
    lastSeenAt: user.lastSeenAt,
  };
}
