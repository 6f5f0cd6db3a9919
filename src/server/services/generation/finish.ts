/**
 * Terminal transitions. Each is a conditional UPDATE from a running status, so a replayed or
 * late webhook, a second reconciler or a cancel racing a completion can change a generation only
 * once; a failure refunds in the same transaction, and the ledger's unique (generation, reason)
 * makes the refund happen at most once even if two paths race past the status check. Texts from
 * providers are stored as storable text (a NUL would make PostgreSQL refuse the whole update, and
 * the provider's retries with it: the job could never finish). The owner's callbacks for the end are
 * written in the transaction of the transition, so an end never commits without them. A public
 * result is held private in that transaction until it is screened (services/moderation), after it.
 */
import { toStorableText } from '~/catalogue';
import type { Db } from '~/server/db/client';
import { isPrismaError } from '~/server/db/errors';
import type { Prisma } from '~/server/db/generated/client';
import { releaseKeySpend } from '~/server/services/api-keys/spend';
import { enqueueGenerationCallbacks } from '~/server/services/callbacks/enqueue';
import { grantCredits } from '~/server/services/credits/ledger';
import { holdForScreening, screenInBackground } from '~/server/services/moderation/publishing';
import { scaledMs, timeScale } from '~/server/config/time-scale';
import type { ProviderProgress } from '~/server/providers';
import { publishGenerationUpdate } from './events';
import { releaseFacePhotosQuietly } from './face-photos-release';
import { progressPatch, type ProgressRow } from './progress';
import { RUNNING_STATUSES } from './statuses';
import type { StoredOutput } from './present';

export const FAILURE_TEXTS = {
  timedOut: 'The generation took too long and was stopped. Your credits have been refunded.',
  noOutput: 'The model returned no result. Your credits have been refunded.',
  copyFailed: 'The result could not be saved. Your credits have been refunded.',
  providerUnavailable: 'The model provider is unavailable right now. Your credits have been refunded.',
} as const;

export async function finishFailed(
  db: Db,
  generationId: string,
  error: string,
  status: 'failed' | 'canceled' = 'failed',
  /** Written in the same transaction when this call ends the job (a staff cancel's audit row). */
  within?: (tx: Prisma.TransactionClient) => Promise<void>,
): Promise<boolean> {
  const text = toStorableText(error);
  const finished = await db.$transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx.generation.updateManyAndReturn({
      where: { id: generationId, status: { in: [...RUNNING_STATUSES] } },
      data: { status, error: text, completedAt: now, claimedUntil: null },
      select: { userId: true, cost: true, apiKeyId: true, createdAt: true },
    });
    if (!row) return null;
    await within?.(tx);
    await enqueueGenerationCallbacks(tx, row.userId, generationId, status);
    if (row.cost > 0) {
      await grantCredits(tx, row.userId, row.cost, {
        reason: 'generation_refund',
        generationId,
        note: status === 'canceled' ? 'Generation canceled' : text,
      });
      // Refunded credits were not spent: they leave the key's monthly spend too.
      if (row.apiKeyId) await releaseKeySpend(tx, row.apiKeyId, row.cost, row.createdAt);
    }
    return row.userId;
  }).catch((failure: unknown) => {
    // Unique (generationId, reason): another path already refunded; nothing more to do.
    if (isPrismaError(failure, 'P2002')) return null;
    throw failure;
  });
  if (finished) {
    await publishGenerationUpdate({ userId: finished, generationId, status });
    await releaseFacePhotosQuietly(db, generationId);
  }
  return finished !== null;
}

export async function finishSucceeded(
  db: Db,
  generationId: string,
  result: { outputs: StoredOutput[]; outputText: string | null },
): Promise<boolean> {
  const row = await db.$transaction(async (tx) => {
    const [updated] = await tx.generation.updateManyAndReturn({
      where: { id: generationId, status: { in: [...RUNNING_STATUSES] } },
      data: {
        status: 'succeeded',
        outputs: result.outputs as unknown as Prisma.InputJsonValue,
        outputText: result.outputText === null ? null : toStorableText(result.outputText),
        error: null,
        completedAt: new Date(),
        claimedUntil: null,
      },
      select: { userId: true },
    });
    if (!updated) return null;
    await enqueueGenerationCallbacks(tx, updated.userId, generationId, 'succeeded');
    return { ...updated, screen: await holdForScreening(tx, generationId) };
  });
  if (!row) return false;
  await publishGenerationUpdate({ userId: row.userId, generationId, status: 'succeeded' });
  if (row.screen) screenInBackground(db, generationId, row.screen);
  await releaseFacePhotosQuietly(db, generationId);
  return true;
}

/**
 * A still-running provider status (starting/processing) seen by a poll or a webhook, with what the
 * provider said about its progress. `row` is the generation as the caller read it: the write is
 * conditional on it being unchanged (a concurrent report wins cleanly; the next poll brings ours
 * again), happens only when something changed, and is pushed to the owner's open pages.
 */
export async function markProgress(
  db: Db,
  row: ProgressRow & { id: string; userId: string },
  status: 'starting' | 'processing',
  report: ProviderProgress = {},
): Promise<void> {
  if (row.status !== 'starting' && row.status !== 'processing') return;
  const patch = progressPatch(row, status, report, { now: Date.now(), scale: timeScale(), toleranceMs: scaledMs(1) });
  if (!patch) return;
  const changed = await db.generation.updateMany({
    where: { id: row.id, status: row.status, progress: row.progress, queuePosition: row.queuePosition },
    data: patch,
  });
  if (changed.count === 1) await publishGenerationUpdate({ userId: row.userId, generationId: row.id, status: patch.status ?? row.status });
}
