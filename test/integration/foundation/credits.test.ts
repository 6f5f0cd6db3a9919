import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { debitCredits, grantCredits } from '~/server/services/credits/ledger';
import { createUserWithGrant } from '~/server/services/users';
import { startStudio, type Studio } from '@test/helpers/studio';

let studio: Studio;

beforeAll(async () => {
  studio = await startStudio({ env: { STARTING_CREDITS: '25' } });
});

afterAll(async () => {
  await studio?.stop();
});

describe('user and credits procedures', () => {
  it('gives a new user the starting grant through the ledger', async () => {
    const user = await createUserWithGrant(studio.db, { email: 'New.Person@Example.test' });
    expect(user.email).toBe('new.person@example.test');
    expect(user.credits).toBe(25);
    const rows = await studio.db.creditLedgerEntry.findMany({ where: { userId: user.id } });
    expect(rows.map((r) => ({ amount: r.amount, balanceAfter: r.balanceAfter, reason: r.reason }))).toEqual([
      { amount: 25, balanceAfter: 25, reason: 'signup_grant' },
    ]);
  });

  it('returns id, credits and premium from the database', async () => {
    const user = await studio.createUser({ credits: 40, premium: true });
    const details = await studio.caller(user).user.details();
    expect(details).toMatchObject({ id: user.id, credits: 40, premium: true });
    expect(await studio.caller(user).credits.balance()).toEqual({ credits: 40 });
  });

  it('refuses signed-out callers with UNAUTHORIZED and writes nothing', async () => {
    const before = await studio.db.creditLedgerEntry.count();
    await expect(studio.caller(null).user.details()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(studio.caller(null).credits.history({})).rejects.toBeInstanceOf(TRPCError);
    expect(await studio.db.creditLedgerEntry.count()).toBe(before);
  });

  it('pages through the ledger history newest first', async () => {
    const user = await studio.createUser({ credits: 10 });
    for (let i = 1; i <= 4; i += 1) await grantCredits(studio.db, user.id, i, { reason: 'admin_grant' });
    const first = await studio.caller(user).credits.history({ limit: 3 });
    expect(first.items.map((r) => r.amount)).toEqual([4, 3, 2]);
    expect(first.items.map((r) => r.balanceAfter)).toEqual([20, 16, 13]);
    const second = await studio.caller(user).credits.history({ limit: 3, cursor: first.nextCursor! });
    expect(second.items.map((r) => r.amount)).toEqual([1, 10]);
    expect(second.nextCursor).toBeNull();
  });
});

describe('ledger under concurrency', () => {
  /**
   * These transactions share the pool's 10 connections and all wait on one user's row, so the last
   * ones start only after most others have committed: how long that takes is the machine's speed
   * (a fresh-clone CI run at load 11 took over Prisma's default 2 s to start one). The tests are
   * about lost updates and overdrafts, so the start wait is set out of their way.
   */
  const queued = { maxWait: 60_000, timeout: 60_000 };

  it('50 parallel debits of 1 against 10 credits: exactly 10 succeed, balance 0, ledger consistent', async () => {
    const user = await studio.createUser({ credits: 10 });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => studio.db.$transaction((tx) => debitCredits(tx, user.id, 1, { reason: 'generation_debit' }), queued)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(refused.every((r) => (r.reason as { code?: string }).code === 'insufficient_credits')).toBe(true);
    expect(await studio.balance(user)).toBe(0);
    const sum = await studio.db.creditLedgerEntry.aggregate({ where: { userId: user.id }, _sum: { amount: true } });
    expect(sum._sum.amount).toBe(0);
  });

  it('parallel grants and debits never lose an update', async () => {
    const user = await studio.createUser({ credits: 100 });
    await Promise.all([
      ...Array.from({ length: 30 }, () => grantCredits(studio.db, user.id, 2, { reason: 'admin_grant' })),
      ...Array.from({ length: 30 }, () => studio.db.$transaction((tx) => debitCredits(tx, user.id, 1, { reason: 'generation_debit' }), queued)),
    ]);
    expect(await studio.balance(user)).toBe(130);
    const rows = await studio.db.creditLedgerEntry.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(61);
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(130);
  });
});
