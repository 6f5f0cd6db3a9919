/**
 * A person's balance as staff change it (a grant, a deduction, a refund from the console), for a
 * live stream (user.onBalance): each change yields the balance read after it, so the header's
 * credits move in every open tab without a reload. The stream ends when `signal` aborts.
 */
import type { Db } from '~/server/db/client';
import { onBalanceChange } from '~/server/services/generation/events';

export async function* followBalance(db: Db, userId: string, signal: AbortSignal | undefined): AsyncGenerator<{ credits: number }> {
  let changed = false;
  let wake: (() => void) | undefined;
  const off = onBalanceChange((change) => {
    if (change.userId !== userId) return;
    changed = true;
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    while (!signal?.aborted) {
      if (!changed) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
        continue;
      }
      // Changes that came together are one read: the balance read is the newest.
      changed = false;
      const row = await db.user.findUnique({ where: { id: userId }, select: { credits: true } });
      if (row) yield { credits: row.credits };
    }
  } finally {
    off();
    signal?.removeEventListener('abort', onAbort);
  }
}
