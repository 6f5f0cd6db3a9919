/**
 * The credit ledger: the only code that changes a balance. Each movement is one atomic
 * conditional UPDATE (so concurrent requests can never overdraw or lose an update) plus one
 * ledger row carrying the balance right after it.
 *
 * Bought credits move once per payment object: their rows carry the provider's object id (checkout
 * session, invoice, refund, dispute) under a unique constraint with the reason, and the row is
 * claimed before the balance moves, so a replay, a second event type or a racing success page
 * finds it taken and moves nothing.
 */
import type { Db } from '~/server/db/client';
import { Prisma } from '~/server/db/generated/client';
import { newRowId } from '~/server/db/ids';
import { AppError } from '~/server/errors';

/** A Prisma client or an interactive-transaction client. */
export type DbTx = Pick<Db, '$queryRaw' | 'creditLedgerEntry' | 'user'>;

export type LedgerReason =
  | 'signup_grant'
  | 'admin_grant'
  | 'generation_debit'
  | 'generation_refund'
  | 'generation_rerun'
  | StaffReason
  | PaymentReason;

/** Movements staff make by hand in the console, each keyed by the console action's id. */
export type StaffReason = 'admin_grant' | 'admin_deduct';

/** Movements caused by a payment, each keyed by the provider's object id. */
export type PaymentReason = 'purchase_grant' | 'plan_grant' | 'refund_clawback' | 'dispute_clawback' | 'dispute_reversal';

type Movement = { reason: LedgerReason; note?: string; generationId?: string };

/** A payment's movement: the provider object that caused it, and the purchase it belongs to. */
export type PaymentMovement = { reason: PaymentReason; providerObjectId: string; purchaseId?: string; note?: string };

export async function grantCredits(tx: DbTx, userId: string, amount: number, movement: Movement): Promise<number> {
  assertWholeCredits(amount, 'grant');
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
  assertWholeCredits(amount, 'debit');
  const rows = await tx.$queryRaw<{ credits: number }[]>(conditionalDebit(userId, amount));
  const balance = rows[0]?.credits;
  if (balance === undefined) throw new AppError('insufficient_credits');
  await tx.creditLedgerEntry.create({ data: { userId, amount: -amount, balanceAfter: balance, ...movement } });
  return balance;
}

/** One debit of several at once: what it costs and the generation it pays for. */
export type EachDebit = { amount: number; generationId: string };

/**
 * Several debits as one movement of the balance (a batch of generations, paid as one), as parts of
 * one larger statement that also records what they pay for (generation/batch-record.ts):
 * - `debit`: the whole sum, only if the balance covers it and `when` holds (a SQL condition);
 * - `entries(debitCte, at)`: a ledger row per debit, each with the balance right after it as if
 *   they had been made one by one (the last one's is the balance the debit left).
 */
export function debitEachWithinStatement(userId: string, debits: readonly EachDebit[], movement: Omit<Movement, 'generationId'>, when: Prisma.Sql) {
  for (const { amount } of debits) assertWholeCredits(amount, 'debit');
  const total = debits.reduce((sum, { amount }) => sum + amount, 0);
  let spent = 0;
  const rows = debits.map(({ amount, generationId }) => ({ id: newRowId(), generationId, amount, after: total - (spent += amount) }));
  return {
    total,
    debit: conditionalDebit(userId, total, Prisma.sql` AND ${when}`),
    entries: (debitCte: string, at: Date) => Prisma.sql`
      INSERT INTO "CreditLedgerEntry" ("id", "userId", "amount", "balanceAfter", "reason", "note", "generationId", "createdAt")
      SELECT e."id", ${userId}, -e."amount", debited."credits" + e."after", ${movement.reason}, ${movement.note ?? null}, e."generationId", ${at}::timestamp(3)
      FROM ${Prisma.raw(`"${debitCte}"`)} AS debited,
        jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS e("id" text, "generationId" text, "amount" int, "after" int)`,
  };
}

/**
 * Credits in for a payment, at most once per (providerObjectId, reason): the balance after it, or
 * null when that object already moved credits for that reason (nothing written).
 */
export async function grantCreditsOnce(tx: DbTx, userId: string, amount: number, movement: PaymentMovement): Promise<number | null> {
  assertWholeCredits(amount, 'grant');
  return moveOnce(tx, userId, amount, movement);
}

/**
 * Credits taken back for a refund or a dispute, at most once per (providerObjectId, reason). Unlike
 * a debit this may take the balance below zero: the credits were spent, the money went back. The
 * owner then cannot generate until the balance covers a cost again (the debit's own condition).
 * The balance after it, or null when already taken.
 */
export async function clawBackCreditsOnce(tx: DbTx, userId: string, amount: number, movement: PaymentMovement): Promise<number | null> {
  assertWholeCredits(amount, 'clawback');
  return moveOnce(tx, userId, -amount, movement);
}

/**
 * Claims the ledger row first (ON CONFLICT DO NOTHING: a concurrent claim of the same key waits for
 * the first to commit, then finds it), then moves the balance and writes it on the row, all inside
 * the caller's transaction.
 */
async function moveOnce(tx: DbTx, userId: string, signedAmount: number, movement: PaymentMovement): Promise<number | null> {
  const id = newRowId();
  const claimed = await tx.creditLedgerEntry.createMany({
    data: [{ id, userId, amount: signedAmount, balanceAfter: 0, reason: movement.reason, note: movement.note ?? null, providerObjectId: movement.providerObjectId, purchaseId: movement.purchaseId ?? null }],
    skipDuplicates: true,
  });
  if (claimed.count === 0) return null;
  const rows = await tx.$queryRaw<{ balanceAfter: number }[]>`
    WITH moved AS (
      UPDATE "User" SET "credits" = "credits" + ${signedAmount}, "updatedAt" = now() WHERE "id" = ${userId} RETURNING "credits"
    )
    UPDATE "CreditLedgerEntry" SET "balanceAfter" = moved."credits" FROM moved WHERE "CreditLedgerEntry"."id" = ${id}
    RETURNING "CreditLedgerEntry"."balanceAfter"`;
  const balance = rows[0]?.balanceAfter;
  if (balance === undefined) throw new AppError('not_found', 'User not found.');
  return balance;
}

/** A staff adjustment: the console action that makes it (its id keys the row), and whether it may leave a negative balance. */
export type StaffMovement = { reason: StaffReason; actionId: string; note: string; mayGoNegative: boolean };

/**
 * Credits granted (amount > 0) or deducted (amount < 0) by staff, at most once per console action:
 * the row is claimed first under (providerObjectId = the action's id, reason), as a payment's is, so
 * the same form sent twice, or many times at once, moves the balance once. A deduction leaves the
 * balance at zero or above unless the movement says it may go below (nothing is written otherwise).
 * The balance after it, or null when that action already moved credits.
 */
export async function adjustCreditsOnce(tx: DbTx, userId: string, amount: number, movement: StaffMovement): Promise<number | null> {
  assertWholeCredits(Math.abs(amount), movement.reason === 'admin_grant' ? 'grant' : 'debit');
  if ((amount > 0) !== (movement.reason === 'admin_grant')) throw new AppError('validation_failed', 'A grant adds credits and a deduction takes them away.');
  const id = newRowId();
  const claimed = await tx.creditLedgerEntry.createMany({
    data: [{ id, userId, amount, balanceAfter: 0, reason: movement.reason, note: movement.note, providerObjectId: movement.actionId }],
    skipDuplicates: true,
  });
  if (claimed.count === 0) return null;
  const rows = await tx.$queryRaw<{ balanceAfter: number }[]>`
    WITH moved AS (
      UPDATE "User" SET "credits" = "credits" + ${amount}, "updatedAt" = now()
      WHERE "id" = ${userId} AND (${movement.mayGoNegative}::boolean OR "credits" + ${amount} >= 0) RETURNING "credits"
    )
    UPDATE "CreditLedgerEntry" SET "balanceAfter" = moved."credits" FROM moved WHERE "CreditLedgerEntry"."id" = ${id}
    RETURNING "CreditLedgerEntry"."balanceAfter"`;
  const balance = rows[0]?.balanceAfter;
  if (balance !== undefined) return balance;
  const user = await tx.user.findUnique({ where: { id: userId }, select: { credits: true } });
  if (!user) throw new AppError('not_found', 'User not found.');
  throw new AppError('validation_failed', `This deduction would take the balance from ${user.credits} to ${user.credits + amount}. Allow a negative balance to deduct it anyway.`, {
    details: { field: 'allowNegative', balance: user.credits },
  });
}

/**
 * A zero movement naming a generation: a failed job run again for its owner at no charge shows in
 * their ledger as what it is, at the balance it leaves unchanged. Once per generation (its unique
 * (generationId, reason)).
 */
export async function recordFreeRun(tx: DbTx, userId: string, generationId: string, note: string): Promise<number> {
  const rows = await tx.$queryRaw<{ balanceAfter: number }[]>`
    INSERT INTO "CreditLedgerEntry" ("id", "userId", "amount", "balanceAfter", "reason", "note", "generationId")
    SELECT ${newRowId()}, "id", 0, "credits", 'generation_rerun', ${note}, ${generationId} FROM "User" WHERE "id" = ${userId} FOR UPDATE
    RETURNING "balanceAfter"`;
  const balance = rows[0]?.balanceAfter;
  if (balance === undefined) throw new AppError('not_found', 'User not found.');
  return balance;
}

function assertWholeCredits(amount: number, movement: 'grant' | 'debit' | 'clawback'): void {
  if (!Number.isInteger(amount) || amount <= 0) throw new AppError('validation_failed', `A ${movement} must be a positive whole number of credits.`);
}

/** The atomic conditional debit: one row ("credits" after it, "premium") when the balance covers it, none otherwise. */
function conditionalDebit(userId: string, amount: number, also: Prisma.Sql = Prisma.empty): Prisma.Sql {
  return Prisma.sql`
    UPDATE "User" SET "credits" = "credits" - ${amount}, "updatedAt" = now()
    WHERE "id" = ${userId} AND "credits" >= ${amount}${also} RETURNING "credits", "premium"`;
}

/**
 * The same debit and ledger row as debitCredits, as two parts of one larger statement that also
 * records what the credits pay for (generation/record.ts). One statement is one round trip and one
 * transaction: the purchase, the debit and its ledger row commit together or not at all.
 * - `debit`: the conditional debit, taken only if `when` also holds (a SQL condition).
 * - `entry(debitCte, generationId)`: the ledger row of each row the named debit CTE returned.
 */
export function debitWithinStatement(userId: string, amount: number, movement: Omit<Movement, 'generationId'>, when: Prisma.Sql) {
  assertWholeCredits(amount, 'debit');
  return {
    debit: conditionalDebit(userId, amount, Prisma.sql` AND ${when}`),
    entry: (debitCte: string, generationId: Prisma.Sql, at: Date) => Prisma.sql`
      INSERT INTO "CreditLedgerEntry" ("id", "userId", "amount", "balanceAfter", "reason", "note", "generationId", "createdAt")
      SELECT ${newRowId()}, ${userId}, ${-amount}, debited."credits", ${movement.reason}, ${movement.note ?? null}, ${generationId}, ${at}::timestamp(3)
      FROM ${Prisma.raw(`"${debitCte}"`)} AS debited`,
  };
}

/**
 * The same once-per-object grant as grantCreditsOnce, as three parts of one larger statement that
 * also records what was paid (services/billing/pack-grant.ts): one statement is one round trip and
 * one transaction, the hot path of a payment webhook.
 * - `lock`: the owner's row, locked, when `when` holds (a SQL condition) and the object has not
 *   moved credits for this reason yet (a replay then takes no lock and writes nothing); its
 *   "credits" are the balance before (a concurrent movement commits first, and the lock then
 *   reads its result).
 * - `claim(lockCte)`: the ledger row, keyed by (providerObjectId, reason); nothing when taken.
 * - `move(claimCte)`: the balance moved by what the claim inserted, nothing otherwise.
 */
export function grantOnceWithinStatement(userId: string, amount: number, movement: PaymentMovement, when: Prisma.Sql) {
  assertWholeCredits(amount, 'grant');
  return {
    lock: Prisma.sql`
      SELECT "credits" FROM "User" WHERE "id" = ${userId} AND ${when}
        AND NOT EXISTS (SELECT 1 FROM "CreditLedgerEntry" WHERE "providerObjectId" = ${movement.providerObjectId} AND "reason" = ${movement.reason})
      FOR UPDATE`,
    claim: (lockCte: string) => Prisma.sql`
      INSERT INTO "CreditLedgerEntry" ("id", "userId", "amount", "balanceAfter", "reason", "note", "providerObjectId", "purchaseId")
      SELECT ${newRowId()}, ${userId}, ${amount}::int, locked."credits" + ${amount}::int, ${movement.reason}, ${movement.note ?? null}::text,
        ${movement.providerObjectId}, ${movement.purchaseId ?? null}::text
      FROM ${Prisma.raw(`"${lockCte}"`)} AS locked
      ON CONFLICT ("providerObjectId", "reason") DO NOTHING
      RETURNING "amount"`,
    move: (claimCte: string) => Prisma.sql`
      UPDATE "User" SET "credits" = "User"."credits" + claimed."amount", "updatedAt" = now()
      FROM ${Prisma.raw(`"${claimCte}"`)} AS claimed WHERE "User"."id" = ${userId}
      RETURNING "User"."credits"`,
  };
}

export async function getBalance(db: DbTx, userId: string): Promise<number> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { credits: true } });
  if (!user) throw new AppError('not_found', 'User not found.');
  return user.credits;
}
