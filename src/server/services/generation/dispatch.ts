/**
 * Handing queued generations to their provider once their queue wait is over. A row is claimed
 * with one conditional UPDATE (FOR UPDATE SKIP LOCKED for batches), so several app instances
 * never send the same job twice. Retryable provider faults are retried with backoff; anything
 * else fails the generation and refunds it.
 */
import { getModel, providerRequestFor } from '~/catalogue';
import { scaledMs } from '~/server/config/time-scale';
import type { Db } from '~/server/db/client';
import type { Generation } from '~/server/db/generated/client';
import { isProviderError } from '~/server/providers';
import { applyJob, type EngineJob } from './apply-job';
import { FAILURE_TEXTS, finishFailed } from './finish';
import { providerFor, webhookUrlFor, type Platform } from './provider-registry';

export const MAX_SUBMIT_ATTEMPTS = 4;
/** How long a claim holds a row before another instance may take it over (spec seconds). */
const CLAIM_SECONDS = 120;

export async function claimDueGenerations(db: Db, limit = 10): Promise<string[]> {
  const now = new Date();
  const rows = await db.$queryRaw<{ id: string }[]>`
    WITH due AS (
      SELECT "id" FROM "Generation"
      WHERE "status" = 'queued' AND "dispatchAt" <= ${now}
        AND ("claimedUntil" IS NULL OR "claimedUntil" < ${now})
      ORDER BY "dispatchAt" LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE "Generation" g SET "claimedUntil" = ${new Date(now.getTime() + CLAIM_SECONDS * 1000)}, "attempts" = g."attempts" + 1
    FROM due WHERE g."id" = due."id" RETURNING g."id"`;
  return rows.map((r) => r.id);
}

async function claimOne(db: Db, id: string): Promise<boolean> {
  const now = new Date();
  const rows = await db.$queryRaw<{ id: string }[]>`
    UPDATE "Generation" SET "claimedUntil" = ${new Date(now.getTime() + CLAIM_SECONDS * 1000)}, "attempts" = "attempts" + 1
    WHERE "id" = ${id} AND "status" = 'queued' AND "dispatchAt" <= ${now}
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
  try {
    const job = await provider.submit({
      target: request.target,
      input: platform === 'local' ? { ...request.input, __generationId: row.id } : request.input,
      webhookUrl: webhookUrlFor(platform),
    });
    const dispatched = await db.generation.updateMany({
      where: { id, status: 'queued' },
      data: { status: 'starting', providerJobId: job.jobId, dispatchedAt: new Date(), lastCheckedAt: new Date(), claimedUntil: null, error: null },
    });
    if (dispatched.count === 0) {
      // Canceled while we were sending: stop the provider's job too.
      await provider.cancel(job.jobId, request.target).catch(() => undefined);
      return null;
    }
    const fresh = await db.generation.findUniqueOrThrow({ where: { id } });
    await applyJob(db, fresh, job);
    return job;
  } catch (error) {
    await handleSubmitFailure(db, row, error);
    return null;
  }
}

async function handleSubmitFailure(db: Db, row: Generation, error: unknown): Promise<void> {
  const retryable = isProviderError(error) ? error.retryable : false;
  const message = error instanceof Error ? error.message : String(error);
  if (retryable && row.attempts < MAX_SUBMIT_ATTEMPTS) {
    const retryAfterMs = isProviderError(error) && error.retryAfterMs ? error.retryAfterMs : scaledMs(2 ** row.attempts * 5);
    console.warn(`[engine] submit of ${row.id} failed (attempt ${row.attempts}), retrying: ${message}`);
    await db.generation.updateMany({
      where: { id: row.id, status: 'queued' },
      data: { claimedUntil: null, dispatchAt: new Date(Date.now() + retryAfterMs), error: null },
    });
    return;
  }
  console.warn(`[engine] submit of ${row.id} failed for good: ${message}`);
  await finishFailed(db, row.id, retryable ? FAILURE_TEXTS.providerUnavailable : `${message} Your credits have been refunded.`);
}
