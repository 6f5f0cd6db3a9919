/**
 * Suspended accounts: a suspended user's signed-in requests, sign-in, generate and buy are refused
 * with one text (account_suspended). Nothing of theirs is deleted.
 *
 * The signed-in doors read the user's row on every request anyway (auth/signed-in.ts), so they pass
 * its suspendedAt here and refuse at once. Generate's admission reads no user row (the submit is one
 * statement, generation/record.ts), so it asks this instance's list of suspended ids instead, read
 * again once it is SUSPENDED_IDS_MAX_AGE_MS old: a suspension reaches generate on every instance
 * within that time (the console promises 60 s), and on the instance that made it at once.
 */
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';

export const SUSPENDED_IDS_MAX_AGE_MS = 30_000;

type SuspendedIds = { ids: Set<string>; readAt: number };

/** Per database client: each client stands for one instance (tests run two in one process). */
const known = new WeakMap<Db, Promise<SuspendedIds>>();

/** Throws account_suspended when the row says so. */
export function assertNotSuspended(row: { suspendedAt: Date | null }): void {
  if (row.suspendedAt !== null) throw new AppError('account_suspended');
}

/** Whether the account is suspended now (read from the database: sign-in asks once per sign-in). */
export async function isSuspended(db: Pick<Db, 'user'>, userId: string): Promise<boolean> {
  const row = await db.user.findUnique({ where: { id: userId }, select: { suspendedAt: true } });
  return row?.suspendedAt != null;
}

/** Throws account_suspended when the user is on this instance's list (at most SUSPENDED_IDS_MAX_AGE_MS old). */
export async function assertAccountActive(db: Db, userId: string): Promise<void> {
  if ((await suspendedIds(db)).has(userId)) throw new AppError('account_suspended');
}

/** Reads the list again on this instance's next check (after a suspension changed here). */
export function forgetSuspendedIds(db: Db): void {
  known.delete(db);
}

async function suspendedIds(db: Db): Promise<Set<string>> {
  const cached = known.get(db);
  if (cached) {
    const list = await cached.catch(() => null);
    if (list && Date.now() - list.readAt < SUSPENDED_IDS_MAX_AGE_MS) return list.ids;
    if (known.get(db) !== cached) return suspendedIds(db);
  }
  const reading = readSuspendedIds(db);
  known.set(db, reading);
  reading.catch(() => known.get(db) === reading && known.delete(db));
  return (await reading).ids;
}

async function readSuspendedIds(db: Db): Promise<SuspendedIds> {
  const readAt = Date.now();
  const rows = await db.user.findMany({ where: { suspendedAt: { not: null } }, select: { id: true } });
  return { ids: new Set(rows.map((row) => row.id)), readAt };
}
