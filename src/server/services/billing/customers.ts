/**
 * One provider customer per user, created on their first checkout and stored, so every payment
 * and the portal find the same one, and a payment is matched to us by our user id, never by the
 * e-mail typed at the checkout.
 */
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import type { PaymentGateway } from './gateway';

export async function ensureCustomer(db: Db, gateway: PaymentGateway, userId: string): Promise<string> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, stripeCustomerId: true } });
  if (!user) throw new AppError('not_found', 'User not found.');
  // Local customers are names, not records: only a real provider's customer is stored.
  if (gateway.kind === 'local') return gateway.createCustomer({ userId, email: user.email });
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const created = await gateway.createCustomer({ userId, email: user.email });
  // Conditional: a racing first checkout got the same customer (the creation is idempotent by user).
  await db.user.updateMany({ where: { id: userId, stripeCustomerId: null }, data: { stripeCustomerId: created } });
  const stored = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { stripeCustomerId: true } });
  return stored.stripeCustomerId ?? created;
}

/** The user a provider customer belongs to, if any. */
export async function userOfCustomer(db: Pick<Db, 'user'>, customerId: string | null): Promise<string | null> {
  if (!customerId) return null;
  const user = await db.user.findUnique({ where: { stripeCustomerId: customerId }, select: { id: true } });
  return user?.id ?? null;
}
