/**
 * The sender: a loop of a server process that claims due deliveries and attempts them. A claim is
 * one statement with FOR UPDATE SKIP LOCKED, so each delivery goes to one instance, and it outlasts
 * an attempt's 10 s: a claim held by an instance that died lapses and another instance sends the
 * delivery again, under the same webhook-id (receivers drop a repeat by it).
 */
import type { Db } from '~/server/db/client';
import { onGenerationUpdate } from '~/server/services/generation/events';
import { isRunning } from '~/server/services/generation/statuses';
import { attemptDelivery, type DeliveryClaim } from './deliver';
import { CALLBACK_TIMEOUT_MS } from './post';
import { deleteForgottenDeliveries } from './retention';

/** How often the loop looks for due deliveries: a delivery waits at most this long after its event. */
const POLL_MS = 500;
/** Longer than an attempt can take, so a live instance's claim does not lapse mid-attempt. */
const CLAIM_MS = CALLBACK_TIMEOUT_MS * 3;
/** Attempts in flight at once per instance: slow receivers cannot make the loop take without bound. */
const MAX_IN_FLIGHT = 32;
/** How often finished deliveries that no log shows any more are deleted. */
const RETENTION_EVERY_MS = 10 * 60_000;

export async function claimDueDeliveries(db: Db, limit: number, now = new Date()): Promise<DeliveryClaim[]> {
  if (limit <= 0) return [];
  const until = new Date(now.getTime() + CLAIM_MS);
  return db.$queryRaw<DeliveryClaim[]>`
    UPDATE "CallbackDelivery" AS d SET "claimedUntil" = ${until}
    FROM (
      SELECT "id" FROM "CallbackDelivery"
      WHERE "status" = 'pending' AND "nextAttemptAt" <= ${now} AND ("claimedUntil" IS NULL OR "claimedUntil" < ${now})
      ORDER BY "nextAttemptAt"
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ) AS due
    WHERE d."id" = due."id"
    RETURNING d."id", d."claimedUntil"`;
}

function attemptLogged(db: Db, claim: DeliveryClaim): Promise<void> {
  return attemptDelivery(db, claim).catch((error: unknown) => {
    // The claim lapses and the attempt is made again, by this instance or another.
    console.error(`[callbacks] delivery ${claim.id} could not be attempted:`, error instanceof Error ? error.message : error);
  });
}

/**
 * Starts the loop (and the deletion of old deliveries); the answer stops it and resolves once the attempts in flight are recorded. It
 * looks for due deliveries every POLL_MS, at once when a generation ends (its deliveries were
 * committed with the end), and, while a claim comes back full, again as soon as an attempt ends.
 */
export function startCallbackSender(db: Db): () => Promise<void> {
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let backlog = false;
  let wake: (() => void) | undefined;
  const nap = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, POLL_MS);
      timer.unref?.();
      wake = done;
    });
  // An end may have written deliveries; a spurious wake only costs one query.
  const stopListening = onGenerationUpdate((update) => {
    if (!isRunning(update.status)) wake?.();
  });
  const retention = setInterval(() => {
    deleteForgottenDeliveries(db).catch((error: unknown) => {
      // The next round deletes what this one could not; nothing waits on it.
      console.warn('[callbacks] deleting old deliveries failed:', error instanceof Error ? error.message : error);
    });
  }, RETENTION_EVERY_MS);
  retention.unref?.();
  const loop = (async () => {
    while (!stopped) {
      const room = MAX_IN_FLIGHT - inFlight.size;
      try {
        const claims = await claimDueDeliveries(db, room);
        backlog = room === 0 || claims.length === room;
        for (const claim of claims) {
          const attempt = attemptLogged(db, claim).finally(() => {
            inFlight.delete(attempt);
            if (backlog) wake?.();
          });
          inFlight.add(attempt);
        }
      } catch (error) {
        console.error('[callbacks] claiming due deliveries failed:', error instanceof Error ? error.message : error);
      }
      if (!stopped) await nap();
    }
  })();
  return async () => {
    stopped = true;
    stopListening();
    clearInterval(retention);
    wake?.();
    await loop;
    await Promise.all([...inFlight]);
  };
}
