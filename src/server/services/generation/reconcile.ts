/**
 * Server-side reconciliation: asks the provider about running jobs that have had no news for a
 * while (all of them when no webhook URL is configured), finishes them, and fails and refunds any
 * job past its model's time limit. Rows are claimed with FOR UPDATE SKIP LOCKED so several
 * instances can reconcile at once without double work.
 */
import { scaledMs } from '~/server/config/time-scale';
import type { Db } from '~/server/db/client';
import { Prisma } from '~/server/db/generated/client';
import { PLATFORMS, PLATFORM_TRAITS } from '~/server/providers';
import { applyJob } from './apply-job';
import { claimExpiry, keepClaim, renewClaim } from './claims';
import { FAILURE_TEXTS, finishFailed } from './finish';
import { providerFor, webhookUrlFor, type Platform } from './provider-registry';

/**
 * Spec seconds between polls of one job: the platform's own pace (local jobs are cheap to ask).
 * Webhooks bring completion, so polls are then a fallback — but they also bring the provider's
 * progress (only completion is pushed), which is why they stay fairly frequent.
 */
function pollEverySeconds(platform: Platform): number {
  return webhookUrlFor(platform) ? 15 : PLATFORM_TRAITS[platform].pollEverySeconds;
}

export type Claim = { id: string; claimedUntil: Date };

export async function claimStaleRunning(db: Db, limit = 10): Promise<Claim[]> {
  const now = new Date();
  // A row is stale once its platform's poll interval has passed since it was last checked.
  const checkedLongAgo = Prisma.join(
    PLATFORMS.map((platform) => Prisma.sql`("platform" = ${platform} AND "lastCheckedAt" < ${new Date(now.getTime() - scaledMs(pollEverySeconds(platform)))})`),
    ' OR ',
  );
  const rows = await db.$queryRaw<{ id: string; claimedUntil: Date }[]>`
    WITH stale AS (
      SELECT "id" FROM "Generation"
      WHERE "status" IN ('starting', 'processing')
        AND ("claimedUntil" IS NULL OR "claimedUntil" < ${now})
        AND (
          "deadlineAt" < ${now}
          OR "lastCheckedAt" IS NULL
          OR ${checkedLongAgo}
        )
      ORDER BY "lastCheckedAt" NULLS FIRST LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE "Generation" g SET "claimedUntil" = ${claimExpiry(now.getTime())}
    FROM stale WHERE g."id" = stale."id" RETURNING g."id", g."claimedUntil"`;
  return rows.map((r) => ({ id: r.id, claimedUntil: r.claimedUntil }));
}

/**
 * Checks one running generation with its provider. `held` is this instance's claim on the row
 * (null for callers that own the request, like a synchronous generation): it is renewed before the
 * work (a batch can outlast the first claim), kept alive while the provider answers and the outputs
 * are stored, and released only if still ours, so another instance's claim is never cleared.
 */
export async function reconcileGeneration(db: Db, id: string, held: Date | null): Promise<void> {
  const renewed = held ? await renewClaim(db, id, held) : null;
  if (held && !renewed) return;
  const claim = renewed ? keepClaim(db, id, renewed) : null;
  const row = await db.generation.findUnique({ where: { id } });
  if (!row || !['starting', 'processing'].includes(row.status)) {
    await claim?.stop();
    return;
  }
  const provider = providerFor(row.platform, db);
  try {
    const pastDeadline = row.deadlineAt.getTime() < Date.now();
    if (!row.providerJobId) {
      if (pastDeadline) await finishFailed(db, id, FAILURE_TEXTS.timedOut);
      return;
    }
    // Ask first even when late: a job that finished just before its limit keeps its result.
    const job = await provider.get(row.providerJobId, row.providerTarget).catch((error: unknown) => {
      if (pastDeadline) return null;
      throw error;
    });
    if (job && ['succeeded', 'failed', 'canceled'].includes(job.status)) {
      await applyJob(db, row, job);
      return;
    }
    if (pastDeadline) {
      await provider.cancel(row.providerJobId, row.providerTarget).catch(() => undefined);
      await finishFailed(db, id, FAILURE_TEXTS.timedOut);
      return;
    }
    if (job) await applyJob(db, row, job);
  } catch (error) {
    // A failed poll is not a failed generation: try again on the next round (the deadline still holds).
    console.warn(`[engine] polling ${id} failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    const last = claim ? await claim.stop() : null;
    if (!claim) await db.generation.updateMany({ where: { id }, data: { lastCheckedAt: new Date() } });
    else if (last) await db.generation.updateMany({ where: { id, claimedUntil: last }, data: { lastCheckedAt: new Date(), claimedUntil: null } });
  }
}

/** Fails and refunds queued jobs that never got dispatched before their deadline. */
export async function expireStuckQueued(db: Db): Promise<number> {
  const stuck = await db.generation.findMany({
    where: { status: 'queued', deadlineAt: { lt: new Date() } },
    select: { id: true },
    take: 50,
  });
  for (const { id } of stuck) await finishFailed(db, id, FAILURE_TEXTS.timedOut);
  return stuck.length;
}
