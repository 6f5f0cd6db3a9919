/**
 * Handing queued generations to their provider once their queue wait is over. A row is claimed
 * with one conditional UPDATE (FOR UPDATE SKIP LOCKED for several at once, in turn across users and
 * within the concurrency limits), so several app instances never send the same job twice. Retryable provider faults are retried with backoff; anything
 * else fails the generation and refunds it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { getModel, providerRequestFor } from '~/catalogue';
import { getEnv } from '~/env';
import { scaledMs } from '~/server/config/time-scale';
import type { Db } from '~/server/db/client';
import type { Generation } from '~/server/db/generated/client';
import { isProviderError } from '~/server/providers';
import { applyJob, type EngineJob } from './apply-job';
import { announceGenerationChange } from './events';
import { claimExpiry, keepClaim } from './claims';
import { FAILURE_TEXTS, finishFailed } from './finish';
import { withProviderReadableUrls } from './private-inputs';
import { providerFor, webhookUrlFor, type Platform } from './provider-registry';

export const MAX_SUBMIT_ATTEMPTS = 4;
/**
 * Claims due jobs in turn across users, within the concurrency limits (PROVIDER_CONCURRENCY per
 * provider, MODEL_CONCURRENCY per model; a claimed job counts as running from its claim). A due
 * job's turn is its place in its owner's line plus the jobs its owner already runs, so the next
 * free slot goes to whoever runs least; among equal turns, the owner with fewer jobs waiting, then
 * the owner served longest ago (or never, in the last day), goes first. One person's batch of 50
 * takes one slot after another while everyone else's jobs slip in between, instead of all 50 going
 * first; and someone waiting for one image is not sent behind the first items of a hundred batches,
 * which would make their wait a hundred people's turns long.
 */
export async function claimDueGenerations(db: Db, limit = 10): Promise<string[]> {
  const { PROVIDER_CONCURRENCY, MODEL_CONCURRENCY } = getEnv();
  // Most rounds find nothing due: one indexed look ((status, dispatchAt)) then, instead of a
  // transaction, the claimers' lock and the turn's statement on every instance's every tick.
  if (!(await anyDue(db, new Date()))) return [];
  // One claimer at a time (across instances): each counts the running jobs after the previous one's
  // claims committed, so two claiming at once cannot both take the last free slot.
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${CLAIM_LOCK})`;
    const now = new Date();
    const rows = await tx.$queryRaw<{ id: string }[]>`
      WITH busy AS (
        SELECT "userId", "platform", "modelId" FROM "Generation"
        WHERE "status" IN ('starting', 'processing') OR ("status" = 'queued' AND "claimedUntil" >= ${now})
      ),
      by_user AS (SELECT "userId", count(*) AS n FROM busy GROUP BY "userId"),
      by_platform AS (SELECT "platform", count(*) AS n FROM busy GROUP BY "platform"),
      by_model AS (SELECT "modelId", count(*) AS n FROM busy GROUP BY "modelId"),
      due AS (
        SELECT g."id", g."userId", g."platform", g."modelId", g."dispatchAt", COALESCE(p.n, 0) AS "platformBusy", COALESCE(m.n, 0) AS "modelBusy",
          COALESCE(u.n, 0) + ROW_NUMBER() OVER (PARTITION BY g."userId" ORDER BY g."dispatchAt", g."id") AS "turn",
          count(*) OVER (PARTITION BY g."userId") AS "waiting"
        FROM "Generation" g
        LEFT JOIN by_user u ON u."userId" = g."userId"
        LEFT JOIN by_platform p ON p."platform" = g."platform"
        LEFT JOIN by_model m ON m."modelId" = g."modelId"
        WHERE g."status" = 'queued' AND g."dispatchAt" <= ${now} AND g."deadlineAt" > ${now}
          AND (g."claimedUntil" IS NULL OR g."claimedUntil" < ${now})
          AND COALESCE(p.n, 0) < ${PROVIDER_CONCURRENCY} AND COALESCE(m.n, 0) < ${MODEL_CONCURRENCY}
      ),
      -- When each owner with a due job last had one sent (through the owner's index by creation time).
      served AS (
        SELECT o."userId", (SELECT max(s."dispatchedAt") FROM "Generation" s WHERE s."userId" = o."userId" AND s."createdAt" > ${new Date(now.getTime() - SERVED_WITHIN_MS)}) AS "lastServed"
        FROM (SELECT DISTINCT "userId" FROM due) o
      ),
      -- Several claimed at once fill each provider's and model's free slots in turn order, no more.
      ranked AS (
        SELECT d.*, s."lastServed",
          ROW_NUMBER() OVER (PARTITION BY d."platform" ORDER BY d."turn", d."waiting", s."lastServed" NULLS FIRST, d."dispatchAt", d."id") AS "platformPlace",
          ROW_NUMBER() OVER (PARTITION BY d."modelId" ORDER BY d."turn", d."waiting", s."lastServed" NULLS FIRST, d."dispatchAt", d."id") AS "modelPlace"
        FROM due d JOIN served s ON s."userId" = d."userId"
      ),
      next AS (
        SELECT g."id" FROM "Generation" g
        JOIN ranked r ON r."id" = g."id"
        WHERE r."platformBusy" + r."platformPlace" <= ${PROVIDER_CONCURRENCY} AND r."modelBusy" + r."modelPlace" <= ${MODEL_CONCURRENCY}
        ORDER BY r."turn", r."waiting", r."lastServed" NULLS FIRST, r."dispatchAt", r."id" LIMIT ${limit}
        FOR UPDATE OF g SKIP LOCKED
      )
      UPDATE "Generation" g SET "claimedUntil" = ${claimExpiry(now.getTime())}, "attempts" = g."attempts" + 1
      FROM next WHERE g."id" = next."id" RETURNING g."id"`;
    return rows.map((r) => r.id);
  });
}

/** Whether any queued job is due and unclaimed (whatever the concurrency limits would say of it). */
async function anyDue(db: Db, now: Date): Promise<boolean> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT 1 FROM "Generation"
    WHERE "status" = 'queued' AND "dispatchAt" <= ${now} AND "deadlineAt" > ${now} AND ("claimedUntil" IS NULL OR "claimedUntil" < ${now})
    LIMIT 1`;
  return rows.length > 0;
}

/** How far back an owner's last sent job counts for their place among equal turns. */
const SERVED_WITHIN_MS = 24 * 60 * 60 * 1000;

/** The advisory lock claimers take in turn (any fixed number; this one spells "due"). */
const CLAIM_LOCK = 0x647565;

/**
 * One named job, out of turn: a synchronous model's request waits for its answer (engine.ts
 * runToCompletion), so it is not queued behind others' work or the concurrency limits.
 */
async function claimOne(db: Db, id: string): Promise<boolean> {
  const now = new Date();
  const rows = await db.$queryRaw<{ id: string }[]>`
    UPDATE "Generation" SET "claimedUntil" = ${claimExpiry(now.getTime())}, "attempts" = "attempts" + 1
    WHERE "id" = ${id} AND "status" = 'queued' AND "dispatchAt" <= ${now} AND "deadlineAt" > ${now}
      AND ("claimedUntil" IS NULL OR "claimedUntil" < ${now})
    RETURNING "id"`;
  return rows.length === 1;
}

/** Dispatches one generation if it is due and unclaimed; returns what the provider answered. */
export async function dispatchGeneration(db: Db, id: string, options: { alreadyClaimed?: boolean } = {}): Promise<EngineJob | null> {
  if (!options.alreadyClaimed && !(await claimOne(db, id))) return null;
  const row = await db.generation.findUnique({ where: { id } });
  if (!row || row.status !== 'queued') return null;
  const model = getModel(row.modelId);
  if (!model) {
    await finishFailed(db, id, 'This model is no longer available. Your credits have been refunded.');
    return null;
  }
  const input = row.input as Record<string, unknown>;
  const request = providerRequestFor(model, input);
  const platform = row.platform as Platform;
  const provider = providerFor(platform, db);
  // The row was just claimed by this instance: keep the claim alive however long the provider takes.
  const claim = row.claimedUntil ? keepClaim(db, id, row.claimedUntil) : null;
  let job: EngineJob;
  try {
    // Providers cannot send our session cookie: private inputs go as signed read URLs.
    const timeLimitSeconds = (row.deadlineAt.getTime() - row.dispatchAt.getTime()) / 1000;
    const payload = await withProviderReadableUrls(db, row.userId, request.input, timeLimitSeconds);
    job = await provider.submit({ reference: row.id, target: request.target, input: payload, webhookUrl: webhookUrlFor(platform) });
  } catch (error) {
    await claim?.stop();
    await handleSubmitFailure(db, row, error);
    return null;
  }
  await claim?.stop();
  // From here the provider has the job: never fail it for our own faults, record it come what may.
  const now = new Date();
  const timeLimitMs = row.deadlineAt.getTime() - row.dispatchAt.getTime();
  const dispatched = await withRetries(() =>
    db.generation.updateMany({
      where: { id, status: 'queued' },
      // The time limit runs from when the provider got the job, not from when it was planned.
      data: { status: 'starting', providerJobId: job.jobId, dispatchedAt: now, lastCheckedAt: now, claimedUntil: null, error: null, deadlineAt: new Date(now.getTime() + timeLimitMs) },
    }),
  ).catch((error: unknown) => {
    console.error(`[engine] could not record job ${job.jobId} of ${id}; canceling it at the provider:`, error instanceof Error ? error.message : error);
    return null;
  });
  if (!dispatched || dispatched.count === 0) {
    // Canceled while we were sending, or unrecordable: stop the provider's job too. The row is
    // still queued (or already finished and refunded), so nothing is lost.
    await provider.cancel(job.jobId, request.target).catch(() => undefined);
    return null;
  }
  // Pending became processing for readers (subscribers hear of progress from applyJob below).
  await announceGenerationChange({ generationId: id });
  const fresh = await db.generation.findUniqueOrThrow({ where: { id } });
  await applyJob(db, fresh, job).catch((error: unknown) =>
    // The reconciler asks the provider again on its next round.
    console.error(`[engine] applying the first answer for ${id} failed:`, error instanceof Error ? error.message : error),
  );
  return job;
}

/** Retries a database write a few times (a connection reset must not orphan a provider job). */
async function withRetries<T>(write: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await sleep(200 * attempt);
    }
  }
}

/**
 * Only faults where the provider surely did not take the job are retried: throttling (429), a
 * refused connection, or a 5xx answer. A timeout or a broken connection may have created the job,
 * so retrying could run (and bill) it twice: those fail and refund instead.
 */
function isSafeToResubmit(error: unknown): boolean {
  return isProviderError(error) && error.retryable && (error.kind === 'rate_limited' || error.kind === 'unreachable' || error.kind === 'server');
}

async function handleSubmitFailure(db: Db, row: Generation, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  if (isSafeToResubmit(error) && row.attempts < MAX_SUBMIT_ATTEMPTS) {
    const retryAfterMs = isProviderError(error) && error.retryAfterMs ? error.retryAfterMs : scaledMs(2 ** row.attempts * 5);
    console.warn(`[engine] submit of ${row.id} failed (attempt ${row.attempts}), retrying: ${message}`);
    await db.generation.updateMany({
      where: { id: row.id, status: 'queued' },
      data: { claimedUntil: null, dispatchAt: new Date(Date.now() + retryAfterMs), error: null },
    });
    // Readers see the new queue time.
    await announceGenerationChange({ generationId: row.id });
    return;
  }
  console.warn(`[engine] submit of ${row.id} failed for good: ${message}`);
  // A provider's own refusal (4xx) is worth showing; anything else is not the person's business.
  const shown = isProviderError(error) && !error.retryable ? `${message} Your credits have been refunded.` : FAILURE_TEXTS.providerUnavailable;
  await finishFailed(db, row.id, shown);
}
