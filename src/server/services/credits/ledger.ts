/**
 * The credit ledger: the only code that changes a balance. Each movement is one atomic
 * conditional UPDATE (so concurrent requests can never overdraw or lose an update) plus one
 * ledger row carrying the balance right after it.
 */
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';

/** A Prisma client or an interactive-transaction client. */
export type DbTx = Pick<Db, '$queryRaw' | 'creditLedgerEntry' | 'user'>;

export type LedgerReason =
  | 'signup_grant'
  | 'admin_grant'
  | 'generation_debit'
  | 'generation_refund';

type Movement = { reason: LedgerReason; note?: string; generationId?: string };

export async function grantCredits(tx: DbTx, userId: string, amount: number, movement: Movement): Promise<number> {
  if (!Number.isInteger(amount) || amount <= 0) throw new AppError('validation_failed', 'A grant must be a positive whole number of credits.');
  const rows = await tx.$queryRaw<{ credits: number }[]>`
    UPDATE "User" SET "credits" = "credits" + ${amount}, "updatedAt" = now()
    WHERE "id" = ${userId} RETURNING "credits"`;
  const balance = rows[0]?.credits;
  if (balance === undefined) throw new AppError('not_found', 'User not found.');
  await tx.creditLedgerEntry.create({ data: { userId, amount, balanceAfter: balance, ...movement } });
  return balance;
}

/** Debits only if the balance covers it; throws insufficient_credits otherwise (nothing written). */
export async function debitCredits(tx: DbTx, userId: string, amount: number, movement: Movement): Promise<number> {
  if (!Number.isInteger(amount) || amount <= 0) throw new AppError('validation_failed', 'A debit must be a positive whole number of credits.');
  const rows = await tx.$queryRaw<{ credits: number }[]>`
    UPDATE "User" SET "credits" = "credits" - ${amount}, "updatedAt" = now()
    WHERE "id" = ${userId} AND "credits" >= ${amount} RETURNING "credits"`;
  const balance = rows[0]?.credits;
  if (balance === undefined) throw new AppError('insufficient_credits');
  await tx.creditLedgerEntry.create({ data: { userId, amount: -amount, balanceAfter: balance, ...movement } });
  return balance;
}

export async function getBalance(db: DbTx, userId: string): Promise<number> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { credits: true } });
  if (!user) throw new AppError('not_found', 'User not found.');
  return user.credits;
}
