/**
 * Starting credits, once per e-mail: the one door that grants them. Each e-mail that received them
 * is remembered by a hash (StartingCreditGrant), which outlives the account, so deleting an account
 * and signing up again with the same address starts with nothing instead of another grant. The hash
 * is unsalted on purpose: a salt or a secret that changes would forget who had the grant; the fixed
 * prefix keeps it from matching any other use of a plain hash of the address. The migration
 * `privacy` wrote the hashes of the accounts that existed before this door (same formula, in SQL).
 */
import { createHash } from 'node:crypto';
import { getEnv } from '~/env';
import type { Prisma } from '~/server/db/generated/client';
import { grantCredits } from './credits/ledger';

const HASH_PREFIX = 'lumen-studio/starting-credits/';

export function startingCreditsEmailHash(email: string): string {
  return createHash('sha256').update(HASH_PREFIX + email.trim().toLowerCase(), 'utf8').digest('hex');
}

/**
 * Grants STARTING_CREDITS to a new user, inside the transaction that creates them, when their e-mail
 * has never received them (the hash's row is claimed first, so two sign-ups racing grant once).
 * Answers the credits granted (0 when the e-mail had them already, or the setting is 0).
 */
export async function grantStartingCreditsOnce(tx: Prisma.TransactionClient, user: { id: string; email: string }): Promise<number> {
  const amount = getEnv().STARTING_CREDITS;
  if (amount <= 0) return 0;
  const claimed = await tx.startingCreditGrant.createMany({ data: [{ emailHash: startingCreditsEmailHash(user.email) }], skipDuplicates: true });
  if (claimed.count === 0) return 0;
  await grantCredits(tx, user.id, amount, { reason: 'signup_grant', note: 'Welcome credits' });
  return amount;
}
