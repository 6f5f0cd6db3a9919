/**
 * What staff do to a job, each once and on the record (actions.ts):
 * - cancel a running job: the provider is told and the credits come back through the engine's own
 *   door (finishFailed), which writes the audit row in its transaction;
 * - refund a finished job: its cost back through the ledger as the generation's refund, which the
 *   ledger keeps to one per generation, so a second refund (or a refund of a failure already
 *   refunded) is refused;
 * - re-run a failed job for its owner at no charge: a new generation of the same model and input,
 *   linked to the old one, costing nothing, with a zero ledger row naming it.
 */
import { getModel, providerRequestFor, timeLimitFor, type ModelDefinition } from '~/catalogue';
import { scaledMs } from '~/server/config/time-scale';
import type { Db } from '~/server/db/client';
import { isUniqueViolation } from '~/server/db/errors';
import type { Generation, Prisma } from '~/server/db/generated/client';
import { newRowId } from '~/server/db/ids';
import { AppError } from '~/server/errors';
import { releaseKeySpend } from '~/server/services/api-keys/spend';
import { grantCredits, recordFreeRun } from '~/server/services/credits/ledger';
import { scheduleDispatch } from '~/server/services/generation/engine';
import { publishBalanceChange, publishGenerationUpdate } from '~/server/services/generation/events';
import { finishFailed } from '~/server/services/generation/finish';
import { platformFor, providerFor } from '~/server/services/generation/provider-registry';
import { CANCELED_ERROR, isRunning } from '~/server/services/generation/statuses';
import { runStaffAction, settledAction, writeAuditRow, type StaffActionOutcome, type StaffActionRequest, type StaffActor } from './actions';

export type JobAction = { actionId: string; generationId: string; reason: string };

const JOB_NOT_FOUND = 'Generation not found.';
export const ALREADY_REFUNDED = 'This generation was already refunded.';
export const ONLY_FAILED_RERUN = 'Only a failed generation can be run again.';
export const ONLY_FINISHED_REFUND = 'A running generation is refunded by canceling it.';

const request = (input: JobAction, action: StaffActionRequest['action']): StaffActionRequest => ({
  actionId: input.actionId,
  action,
  targetType: 'generation',
  targetId: input.generationId,
});

export async function cancelJob(db: Db, actor: StaffActor, input: JobAction): Promise<StaffActionOutcome<{ refunded: number }>> {
  const action = request(input, 'job.cancel');
  const row = await db.generation.findUnique({ where: { id: input.generationId }, select: { status: true, cost: true, userId: true, providerJobId: true, platform: true, providerTarget: true } });
  if (!row) throw new AppError('not_found', JOB_NOT_FOUND);
  if (isRunning(row.status) && row.providerJobId) {
    await providerFor(row.platform, db)
      .cancel(row.providerJobId, row.providerTarget)
      .catch((error: unknown) => console.warn(`[console] provider cancel of ${input.generationId} failed:`, error instanceof Error ? error.message : error));
  }
  const ended =
    isRunning(row.status) &&
    (await finishFailed(db, input.generationId, CANCELED_ERROR, 'canceled', (tx) =>
      writeAuditRow(tx, actor, action, { reason: input.reason, before: { status: row.status }, after: { status: 'canceled', refunded: row.cost } }),
    ));
  if (ended) {
    await publishBalanceChange({ userId: row.userId });
    return { repeated: false, result: { refunded: row.cost } };
  }
  // Not ended by this call: the same form already did it, or the job had ended.
  const settled = await settledAction(db, action);
  if (settled) return settled;
  throw new AppError('not_running');
}

export async function refundJob(db: Db, actor: StaffActor, input: JobAction): Promise<StaffActionOutcome<{ refunded: number; balance: number }>> {
  const outcome = await runStaffAction(db, actor, request(input, 'job.refund'), async (tx) => {
    const row = await tx.generation.findUnique({ where: { id: input.generationId }, select: { status: true, cost: true, userId: true, apiKeyId: true, createdAt: true } });
    if (!row) throw new AppError('not_found', JOB_NOT_FOUND);
    if (isRunning(row.status)) throw new AppError('validation_failed', ONLY_FINISHED_REFUND);
    const before = await tx.creditLedgerEntry.findFirst({ where: { generationId: input.generationId, reason: 'generation_refund' }, select: { id: true } });
    if (before || row.cost === 0) throw new AppError('validation_failed', row.cost === 0 ? 'This generation cost nothing: there is nothing to refund.' : ALREADY_REFUNDED);
    const balance = await grantCredits(tx, row.userId, row.cost, { reason: 'generation_refund', generationId: input.generationId, note: input.reason });
    // As any refund: credits given back were not spent, so they leave the submitting key's month too.
    if (row.apiKeyId) await releaseKeySpend(tx, row.apiKeyId, row.cost, row.createdAt);
    return { reason: input.reason, before: { status: row.status, refunded: 0 }, after: { status: row.status, refunded: row.cost, balance }, result: { refunded: row.cost, balance, userId: row.userId } };
  }).catch((error: unknown) => {
    // The ledger's unique (generation, refund): a refund by another path committed first.
    if (isUniqueViolation(error)) throw new AppError('validation_failed', ALREADY_REFUNDED);
    throw error;
  });
  if (outcome.repeated) return outcome;
  await publishBalanceChange({ userId: outcome.result.userId });
  return { repeated: false, result: { refunded: outcome.result.refunded, balance: outcome.result.balance } };
}

export async function rerunJob(db: Db, actor: StaffActor, input: JobAction): Promise<StaffActionOutcome<{ generationId: string }>> {
  const outcome = await runStaffAction(db, actor, request(input, 'job.rerun'), async (tx) => {
    // The old row locked: two re-runs of one job (from two forms) take turns, and the second finds the first.
    await tx.$queryRaw`SELECT "id" FROM "Generation" WHERE "id" = ${input.generationId} FOR UPDATE`;
    const old = await tx.generation.findUnique({ where: { id: input.generationId } });
    if (!old) throw new AppError('not_found', JOB_NOT_FOUND);
    if (old.status !== 'failed') throw new AppError('validation_failed', ONLY_FAILED_RERUN);
    const earlier = await tx.generation.findFirst({ where: { rerunOfId: old.id }, select: { id: true } });
    if (earlier) throw new AppError('validation_failed', `This generation was already run again (${earlier.id}).`);
    const model = getModel(old.modelId);
    if (!model) throw new AppError('invalid_model');
    const created = await tx.generation.create({ data: rerunOf(old, model) });
    await recordFreeRun(tx, old.userId, created.id, `Free re-run of ${old.id}`);
    return { reason: input.reason, before: { status: old.status }, after: { rerunId: created.id }, result: { id: created.id, userId: old.userId, dispatchAt: created.dispatchAt } };
  });
  if (outcome.repeated) return outcome;
  scheduleDispatch(db, outcome.result.id, outcome.result.dispatchAt);
  await publishGenerationUpdate({ userId: outcome.result.userId, generationId: outcome.result.id, status: 'queued' });
  return { repeated: false, result: { generationId: outcome.result.id } };
}

/** The new generation: the old one's model and input, for its owner, at no charge, due now. */
function rerunOf(old: Generation, model: ModelDefinition): Prisma.GenerationUncheckedCreateInput {
  const input = old.input as Record<string, unknown>;
  const now = new Date();
  return {
    id: newRowId(),
    userId: old.userId,
    modelId: old.modelId,
    mode: old.mode,
    appId: old.appId,
    pageId: old.pageId,
    appType: old.appType,
    outputType: old.outputType,
    status: 'queued',
    input: input as Prisma.InputJsonValue,
    cost: 0,
    outputNum: old.outputNum,
    isPublic: old.isPublic,
    platform: platformFor(model.api.platform),
    providerTarget: providerRequestFor(model, input).target,
    estimatedSeconds: old.estimatedSeconds,
    waitSeconds: 0,
    dispatchAt: now,
    deadlineAt: new Date(now.getTime() + scaledMs(timeLimitFor(model))),
    rerunOfId: old.id,
  };
}
