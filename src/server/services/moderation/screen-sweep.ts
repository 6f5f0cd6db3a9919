/**
 * Screening again, on any instance: a creation still `screening` whose last screen got no answer
 * (the studio busy, its worker starting or crashed) SCREEN_AGAIN_AFTER_MS ago, or whose screen's
 * process stopped (its claim lapsed), is screened again. Rows are claimed as the engine claims its
 * work (FOR UPDATE SKIP LOCKED, then generation/claims.ts's claim, renewed while the screen waits
 * and works), so several instances sweeping at once screen each creation once.
 */
import type { Db } from '~/server/db/client';
import { claimExpiry } from '~/server/services/generation/claims';
import { repeatRounds } from '~/server/services/rounds/repeat-rounds';
import { SCREEN_AGAIN_AFTER_MS, settleScreening } from './publishing';

/** Creations one round claims: screens take their turn one at a time in a process anyway. */
const SCREENS_PER_ROUND = 8;

/** How often an instance looks for creations to screen again (a retry comes 10–15 s after its miss). */
const LOOK_EVERY_MS = 5_000;

export type ScreenClaim = { id: string; claimedUntil: Date };

export async function claimDueScreens(db: Db, limit: number, now = new Date()): Promise<ScreenClaim[]> {
  return db.$queryRaw<ScreenClaim[]>`
    WITH due AS (
      SELECT "id" FROM "Generation"
      WHERE "moderation" = 'screening' AND "deletedAt" IS NULL
        AND "moderatedAt" < ${new Date(now.getTime() - SCREEN_AGAIN_AFTER_MS)}
        AND ("claimedUntil" IS NULL OR "claimedUntil" < ${now})
      ORDER BY "moderatedAt" LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE "Generation" g SET "claimedUntil" = ${claimExpiry(now.getTime())}
    FROM due WHERE g."id" = due."id" RETURNING g."id", g."claimedUntil"`;
}

/** One round: claims the creations due a screen and screens each once; answers how many it claimed. */
export async function screenDueCreations(db: Db, now = new Date()): Promise<number> {
  const claims = await claimDueScreens(db, SCREENS_PER_ROUND, now);
  await Promise.all(
    claims.map((claim) =>
      settleScreening(db, claim.id, claim.claimedUntil).catch((error: unknown) => {
        // Its claim lapses and a later round screens it again.
        console.error(`[screening] ${claim.id}:`, error instanceof Error ? error.message : error);
      }),
    ),
  );
  return claims.length;
}

/** Starts the sweep; the answer stops it and resolves once the round at work has ended. */
export function startScreeningSweep(db: Db): () => Promise<void> {
  return repeatRounds('screening', () => screenDueCreations(db), LOOK_EVERY_MS);
}
