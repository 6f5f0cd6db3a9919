/**
 * Money under concurrency (on a real PostgreSQL server in CI; PGlite otherwise): many parallel
 * submits can never overdraw, and each accepted one is charged exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollUntil } from '@test/helpers/poll';
import { startStudio, type Studio } from '@test/helpers/studio';

let studio: Studio;

beforeAll(async () => {
  studio = await startStudio();
});

afterAll(async () => {
  await studio?.stop();
});

/** Statements of this test's database waiting for a lock (another connection's pg_stat_activity). */
async function lockWaiters(): Promise<number> {
  const [row] = await studio.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS "n" FROM pg_stat_activity WHERE "datname" = current_database() AND "wait_event_type" = 'Lock'`;
  return row?.n ?? 0;
}

describe('parallel submits', () => {
  it('50 parallel submits with credits for 10: exactly 10 accepted, balance 0', async () => {
    const user = await studio.createUser({ credits: 10 });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt: `race ${i}`, idempotency_key: `race-key-${i}-xyz` })),
    );
    const accepted = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(accepted).toHaveLength(10);
    expect(refused.every((r) => (r.reason as { code?: string }).code === 'PAYMENT_REQUIRED')).toBe(true);
    expect(await studio.balance(user)).toBe(0);
    expect(await studio.db.generation.count({ where: { userId: user.id } })).toBe(10);
    const debits = await studio.db.creditLedgerEntry.count({ where: { userId: user.id, reason: 'generation_debit' } });
    expect(debits).toBe(10);
  });

  it('the same idempotency key sent 20 times at once charges once', async () => {
    const user = await studio.createUser({ credits: 100 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => studio.caller(user).generation.submit({ model_id: 'flux-dev', prompt: 'same click', idempotency_key: 'one-click-key-0001' })),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await studio.balance(user)).toBe(90);
  });

  it('submits with one key that all started before any committed: the losers answer with the winner, charged once', async () => {
    const user = await studio.createUser({ credits: 100 });
    const submit = () => studio.caller(user).generation.submit({ model_id: 'flux-dev', prompt: 'held click', idempotency_key: 'held-key-0001' });
    let submits: Promise<Awaited<ReturnType<typeof submit>>[]> | undefined;
    // The user's row is locked while the submits start: each statement has already looked for the
    // key (and not found it) when the lock goes; the first then records, the others collide with
    // its row on the unique key and are asked again. (With one connection, as on PGlite, they
    // simply run one after another.)
    await studio.db.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT 1 FROM "User" WHERE "id" = ${user.id} FOR UPDATE`;
        submits = Promise.all(Array.from({ length: 5 }, submit));
        // The lock goes once all five wait on it: a late one would start after it, and the race would
        // go untested. PGlite has one connection: nothing to wait for.
        if (studio.database.kind === 'postgres') await pollUntil(lockWaiters, (waiting) => waiting === 5, 'five submits waiting on the lock', { timeoutMs: 30_000 });
      },
      { timeout: 60_000 },
    );
    const results = await submits!;
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await studio.balance(user)).toBe(90);
    expect(await studio.db.creditLedgerEntry.count({ where: { userId: user.id, reason: 'generation_debit' } })).toBe(1);
  });
});
