/**
 * Claims: an instance marks a row it works on with `claimedUntil` so other instances leave it alone.
 * Claims are short and renewed while the work lasts: when an instance dies (kill -9, a crash, a
 * lost host), its claims lapse within CLAIM_SECONDS and another instance's next round takes the work
 * over; a live instance's claim never lapses, however long a provider takes to answer.
 */
import type { Db } from '~/server/db/client';

/** How long a claim holds without renewal before another instance may take the work over. */
export const CLAIM_SECONDS = 10;

/** A working instance renews its claim this often: two renewals can fail before the claim lapses. */
export const CLAIM_RENEW_MS = 3_000;

export function claimExpiry(from: number = Date.now()): Date {
  return new Date(from + CLAIM_SECONDS * 1000);
}

/** Extends this instance's claim; null when the row is no longer claimed by `held` (released, taken over). */
export async function renewClaim(db: Db, id: string, held: Date): Promise<Date | null> {
  const until = claimExpiry();
  const changed = await db.generation.updateMany({ where: { id, claimedUntil: held }, data: { claimedUntil: until } });
  return changed.count === 1 ? until : null;
}

export type HeldClaim = {
  /** Stops renewing and answers the claim as last held (null once it was lost or released). */
  stop(): Promise<Date | null>;
};

type Held = { db: Db; id: string; claim: HeldClaim };
/** The claims this process is renewing, on globalThis: every bundle of the build shares one set. */
const holder = globalThis as unknown as { studioHeldClaims?: Set<Held> };
const heldClaims = (holder.studioHeldClaims ??= new Set());

/**
 * Renews a held claim every CLAIM_RENEW_MS until stopped. A renewal only succeeds while the claim is
 * still ours, so it never steals; a failed database write is retried on the next beat.
 */
export function keepClaim(db: Db, id: string, held: Date): HeldClaim {
  let current: Date | null = held;
  let renewing: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (!current || renewing) return;
    const from = current;
    renewing = renewClaim(db, id, from)
      .then((next) => {
        current = next;
      })
      .catch((error: unknown) => console.warn(`[engine] renewing the claim on ${id} failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        renewing = null;
      });
  }, CLAIM_RENEW_MS);
  timer.unref?.();
  const entry: Held = {
    db,
    id,
    claim: {
      async stop() {
        heldClaims.delete(entry);
        clearInterval(timer);
        await renewing;
        return current;
      },
    },
  };
  heldClaims.add(entry);
  return entry.claim;
}

/**
 * A stopping server's last word on the work it held: each claim still renewed here is cleared (only
 * while still ours), so another instance's next round takes the row over at once instead of after
 * the claim lapses. Called once the engine's own work has ended: what is left was abandoned.
 */
export async function releaseHeldClaims(): Promise<number> {
  const held = [...heldClaims];
  const released = await Promise.all(
    held.map(async ({ db, id, claim }) => {
      const last = await claim.stop();
      if (!last) return 0;
      const changed = await db.generation.updateMany({ where: { id, claimedUntil: last }, data: { claimedUntil: null } }).catch(() => ({ count: 0 }));
      return changed.count;
    }),
  );
  return released.reduce((sum, count) => sum + count, 0);
}
