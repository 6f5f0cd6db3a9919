/**
 * Deleting an account (Account → Privacy, or staff from the console): one door for both.
 *
 *   1. Its subscriptions are ended at the provider first; if that fails nothing is deleted and the
 *      answer says why (cancel-subscriptions.ts).
 *   2. Its running jobs are cancelled through the engine's own door (the provider told, the
 *      credits refunded through the ledger).
 *   3. One transaction: the books are detached (its ledger rows, purchases and local-checkout
 *      objects move to a new holder row with an opaque id, no name and no e-mail, and the same
 *      balance, so the books still balance and a later refund or dispute webhook finds its
 *      payment and claws back against them), the deletion is recorded, and the user's row is
 *      deleted, which takes its generations, collections, sessions, accounts, API keys, callback
 *      endpoints, exports and object rows with it (foreign keys, ON DELETE CASCADE). From this
 *      commit every session of theirs is refused (its user is gone) and so is every API key.
 *   4. Its stored objects are removed (account-objects.ts) at once, and, when the store fails,
 *      by the deletion runner until none is left: only then is the deletion reported done.
 *
 * The deletion row is keyed by the user's id: a second request while one runs (another tab, a
 * double click, staff at the same moment) answers what the first answered. Starting credits are
 * not granted again to the same e-mail (starting-credits.ts keeps its hash).
 */
import type { Db } from '~/server/db/client';
import { newRowId } from '~/server/db/ids';
import type { Prisma } from '~/server/db/generated/client';
import { AppError } from '~/server/errors';
import { cancelGeneration } from '~/server/services/generation/cancel';
import { announceGenerationChange } from '~/server/services/generation/events';
import { RUNNING_STATUSES } from '~/server/services/generation/statuses';
import { normaliseEmail } from '~/server/services/users';
import { accountKeyPrefix, removeAccountObjects } from './account-objects';
import { cancelSubscriptionsOf } from './cancel-subscriptions';

export type DeletionStatus = 'deleting' | 'deleted';
export type DeletionAnswer = { status: DeletionStatus };

export type DeletionRequest = {
  requestedBy: 'self' | 'staff';
  /** Written in the deletion's transaction (a staff deletion's audit row). */
  within?: (tx: Prisma.TransactionClient, detached: { holderId: string; credits: number }) => Promise<void>;
};

/**
 * How long one attempt at the objects holds its deletion (10,001 objects took 12.6 s on local disk:
 * BENCHMARKS.md). An attempt that runs longer only lets another instance's attempt begin beside it:
 * deleting an object twice is harmless, and only a listing that finds nothing marks it done. A
 * second request waits at most this long for the first one's answer.
 */
export const DELETION_CLAIM_MS = 60_000;

export const WRONG_CONFIRMATION = 'This is not the e-mail address of your account. Nothing was deleted.';

/** The holder of a deleted account's books: no name, no e-mail (an address nobody can sign in with). */
export function detachedHolderEmail(holderId: string): string {
  return `deleted:${holderId}`;
}

function answerOf(row: { status: string }): DeletionAnswer {
  return { status: row.status === 'done' ? 'deleted' : 'deleting' };
}

/** How often a second request looks again while the first one's attempt at the objects runs. */
const SETTLE_POLL_MS = 100;

/**
 * The answer of a deletion already under way, once the attempt at its objects in flight (the first
 * request's own, or the runner's) has ended: the same answer as that request's.
 */
async function settledAnswer(db: Db, userId: string): Promise<DeletionAnswer> {
  const deadline = Date.now() + DELETION_CLAIM_MS;
  for (;;) {
    const row = await db.accountDeletion.findUnique({ where: { userId }, select: { status: true, claimedUntil: true } });
    if (!row) throw new AppError('not_found', 'User not found.');
    const attempting = row.status === 'running' && row.claimedUntil !== null && row.claimedUntil.getTime() > Date.now();
    if (!attempting || Date.now() > deadline) return answerOf(row);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  }
}

/** The person's own deletion, confirmed by typing their e-mail: a wrong one changes nothing. */
export async function deleteOwnAccount(db: Db, userId: string, confirmEmail: string): Promise<DeletionAnswer> {
  if (await db.accountDeletion.findUnique({ where: { userId }, select: { userId: true } })) return settledAnswer(db, userId);
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true } });
  if (!user) throw new AppError('unauthorized');
  if (normaliseEmail(confirmEmail) !== normaliseEmail(user.email)) throw new AppError('validation_failed', WRONG_CONFIRMATION, { details: { field: 'email' } });
  return deleteAccount(db, userId, { requestedBy: 'self' });
}

export async function deleteAccount(db: Db, userId: string, request: DeletionRequest): Promise<DeletionAnswer> {
  if (await db.accountDeletion.findUnique({ where: { userId }, select: { userId: true } })) return settledAnswer(db, userId);
  if (!(await db.user.findUnique({ where: { id: userId }, select: { id: true } }))) throw new AppError('not_found', 'User not found.');

  await cancelSubscriptionsOf(db, userId);
  await cancelRunningJobs(db, userId);

  const outcome = await db.$transaction(
    async (tx) => {
      const [user] = await tx.$queryRaw<{ credits: number; createdAt: Date }[]>`SELECT "credits", "createdAt" FROM "User" WHERE "id" = ${userId} FOR UPDATE`;
      // A request that waited on the lock finds the first one's record.
      const raced = await tx.accountDeletion.findUnique({ where: { userId }, select: { userId: true } });
      if (raced) return { raced: true, generationIds: [] as string[], extraKeys: [] as string[] };
      if (!user) throw new AppError('not_found', 'User not found.');
      const generationIds = (await tx.generation.findMany({ where: { userId }, select: { id: true } })).map((row) => row.id);
      const prefix = accountKeyPrefix(userId);
      const extraKeys = (await tx.storedObject.findMany({ where: { ownerId: userId, NOT: { key: { startsWith: prefix } } }, select: { key: true } })).map((row) => row.key);

      const holderId = newRowId();
      await tx.user.create({ data: { id: holderId, email: detachedHolderEmail(holderId), credits: user.credits, createdAt: user.createdAt } });
      await tx.creditLedgerEntry.updateMany({ where: { userId }, data: { userId: holderId } });
      // A receipt's page names the buyer: the detached purchase keeps the payment, not the person.
      await tx.purchase.updateMany({ where: { userId }, data: { userId: holderId, receiptUrl: null } });
      await tx.localPaymentObject.updateMany({ where: { userId }, data: { userId: holderId } });
      // Claimed for this request's own first attempt below; the runner takes over if it stops short.
      await tx.accountDeletion.create({ data: { userId, requestedBy: request.requestedBy, extraKeys, claimedUntil: new Date(Date.now() + DELETION_CLAIM_MS) } });
      await request.within?.(tx, { holderId, credits: user.credits });
      const email = await tx.user.findUnique({ where: { id: userId }, select: { email: true } });
      if (email) await tx.verificationToken.deleteMany({ where: { identifier: email.email } });
      await tx.user.delete({ where: { id: userId } });
      return { raced: false, generationIds, extraKeys };
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
  if (outcome.raced) return settledAnswer(db, userId);

  // Every reader on every instance (share pages, caches) forgets them now.
  for (const generationId of outcome.generationIds) await announceGenerationChange({ generationId });
  return finishObjectRemoval(db, userId, outcome.extraKeys);
}

async function cancelRunningJobs(db: Db, userId: string): Promise<void> {
  const running = await db.generation.findMany({ where: { userId, status: { in: [...RUNNING_STATUSES] } }, select: { id: true } });
  for (const { id } of running) {
    await cancelGeneration(db, userId, id).catch((error: unknown) => {
      // It ended meanwhile: nothing left to cancel.
      if (error instanceof AppError && (error.code === 'not_running' || error.code === 'not_found')) return;
      throw error;
    });
  }
}

/**
 * One attempt at the objects: done when none is left. A store that fails leaves the deletion
 * running, with the error and the time of the next attempt, for the runner (any instance).
 */
export async function finishObjectRemoval(db: Db, userId: string, extraKeys: readonly string[], attempts = 0): Promise<DeletionAnswer> {
  try {
    if (await removeAccountObjects(userId, extraKeys)) {
      await db.accountDeletion.update({ where: { userId }, data: { status: 'done', finishedAt: new Date(), lastError: null, claimedUntil: null, extraKeys: [] } });
      return { status: 'deleted' };
    }
    throw new Error('objects were still listed after their deletion');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.warn(`[privacy] objects of a deleted account are not all removed yet (attempt ${attempts + 1}): ${message}`);
    await db.accountDeletion.updateMany({
      where: { userId, status: 'running' },
      data: { attempts: attempts + 1, lastError: message.slice(0, 500), nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts + 1)), claimedUntil: null },
    });
    return { status: 'deleting' };
  }
}

/** 5 s, 10 s, 20 s, ... up to 10 minutes between attempts while the store is down. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 10 * 60_000);
}
