/**
 * Submitting a generation: admitted (admission.ts: the checks of core-flow §5 in order), then ONE
 * statement that debits the credits through the ledger and records the generation (idempotent per
 * client key; see record.ts). Only after it commits is the job handed to the dispatcher, no earlier
 * than the user's queue wait.
 */
import { outputCountFor, providerRequestFor } from '~/catalogue';
import { scaledMs } from '~/server/config/time-scale';
import type { Db } from '~/server/db/client';
import type { Generation } from '~/server/db/generated/client';
import { AppError } from '~/server/errors';
import { admit, type Admitted } from './admission';
import { scheduleDispatch } from './engine';
import { toPrediction, type Prediction } from './present';
import { assertClientPrice, clientPriceAccepted, type Quote } from './pricing';
import { assertSameRequest } from './idempotency';
import { recordPaidGeneration, type NewGeneration, type PlanVariant } from './record';
import { platformFor } from './provider-registry';
import type { GenerateRequest } from './request';
import { toPublicStatus, type PublicStatus } from './statuses';

export type SubmitResult = { id: string; status: PublicStatus; outputNum: number; user_credits: number; prediction: Prediction };

export async function submitGeneration(db: Db, userId: string | null, request: GenerateRequest): Promise<SubmitResult> {
  return submitAdmitted(db, await admit(db, userId, request), request);
}

/** Charges and records an admitted request; a synchronous model's job is left for its caller to run. */
export async function submitAdmitted(db: Db, admitted: Admitted, request: GenerateRequest): Promise<SubmitResult> {
  const { userId, model, input, price, cost } = admitted;
  const key = request.idempotency_key ?? null;
  const now = Date.now();
  const variant = (plan: Quote, isPublic: boolean): PlanVariant => {
    const dispatchAt = new Date(now + scaledMs(plan.waitSeconds));
    return {
      isPublic,
      input: { ...input, is_public: isPublic },
      waitSeconds: plan.waitSeconds,
      dispatchAt,
      deadlineAt: new Date(dispatchAt.getTime() + scaledMs(plan.timeLimitSeconds)),
    };
  };
  const generation: NewGeneration = {
    userId,
    idempotencyKey: key,
    modelId: model.id,
    mode: typeof input.mode === 'string' ? input.mode : null,
    appId: request.appId ?? null,
    pageId: request.pageId ?? null,
    appType: model.appType,
    outputType: model.ui.outputType,
    cost,
    outputNum: outputCountFor(model, input),
    platform: platformFor(model.api.platform),
    providerTarget: providerRequestFor(model, input).target,
    estimatedSeconds: price.free.estimatedSeconds,
    note: model.name,
    priceAccepted: clientPriceAccepted(cost, request.credit_to_consume),
    // Only premium users may make a generation private.
    variants: { premium: variant(price.premium, input.is_public !== false), free: variant(price.free, true) },
  };
  const outcome = await recordPaidGeneration(db, generation);
  // The spec's order: sign-in, then a replayed key answers (for the request it was first used
  // for only), then the shown price, then the credits.
  if (outcome.kind === 'no_user') throw new AppError('unauthorized');
  if (outcome.kind === 'replayed') assertSameRequest(outcome.row, generation);
  if (outcome.kind === 'refused') {
    assertClientPrice(cost, request.credit_to_consume);
    throw new AppError('insufficient_credits');
  }
  if (outcome.kind === 'recorded' && !model.sync) scheduleDispatch(db, outcome.row.id, outcome.row.dispatchAt);
  return answer(outcome.row, userId, outcome.balance);
}

function answer(row: Generation, userId: string, balance: number): SubmitResult {
  return {
    id: row.id,
    status: toPublicStatus(row.status),
    outputNum: row.outputNum,
    user_credits: balance,
    prediction: toPrediction(row, userId),
  };
}
