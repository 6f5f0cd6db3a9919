/**
 * Submitting a generation, the one door for every model: admitted (admission.ts: the checks of
 * core-flow §5 in order), then ONE statement that debits the credits through the ledger and
 * records the generation (idempotent per client key; see record.ts). Only after it commits does the
 * job go on: an asynchronous model's is handed to the dispatcher, no earlier than the user's queue
 * wait, and answered at once (text null); a synchronous model's is run here to its end
 * (sync.ts) and answered with its text.
 */
import { outputCountFor, providerRequestFor } from '~/catalogue';
import { scaledMs } from '~/server/config/time-scale';
import type { Db } from '~/server/db/client';
import type { Generation } from '~/server/db/generated/client';
import { AppError } from '~/server/errors';
import { addUncappedKeySpend } from '~/server/services/api-keys/spend';
import { admit, type AdmissionKind, type Admitted } from './admission';
import { batchForm, batchPrompts, namedItemProblem, planBatch, type BatchRequest } from './batch-items';
import { batchTotal, recordPaidBatch } from './batch-record';
import { scheduleDispatch } from './engine';
import { toPrediction, type Prediction } from './present';
import { assertClientPrice, clientPriceAccepted, type Quote } from './pricing';
import { assertSameRequest } from './idempotency';
import { recordPaidGeneration, type NewGeneration, type PlanVariant } from './record';
import { platformFor } from './provider-registry';
import type { GenerateRequest } from './request';
import { toPublicStatus, type PublicStatus } from './statuses';
import { runToAnswer, type SyncResult } from './sync';

/** The legacy answer's fields (core-flow §6), the text of a synchronous model (null for any other), and the prediction. */
export type SubmitResult = { id: string; status: PublicStatus; outputNum: number; user_credits: number; text: string | null; prediction: Prediction };

/**
 * Submit any model: charged and queued (asynchronous) or charged and run to its text
 * (synchronous). `kind: 'sync'` is the synchronous handler's door, which refuses an asynchronous
 * model in admission (after maintenance and sign-in, in the spec's order).
 */
/** How a submit came in: through an API key (`capped`: a monthly cap bounds it) or not. */
export type SubmitVia = { apiKey: { id: string; capped: boolean } | null };

export async function submitGeneration(db: Db, userId: string | null, request: GenerateRequest, kind: AdmissionKind = 'any', via: SubmitVia = { apiKey: null }): Promise<SubmitResult> {
  const admitted = await admit(db, userId, request, kind);
  const charged = await charge(db, admitted, request, via);
  if (!admitted.model.sync) return { ...charged, text: null };
  const done = await runToAnswer(db, charged.id, admitted.userId);
  return { id: done.id, status: done.prediction.status, outputNum: done.prediction.outputNum, user_credits: done.user_credits, text: done.text, prediction: done.prediction };
}

/** The synchronous handler: the same door, for synchronous models only, answered with its own fields. */
export async function runSyncGeneration(db: Db, userId: string | null, request: GenerateRequest, via?: SubmitVia): Promise<SyncResult> {
  const { id, text, user_credits, prediction } = await submitGeneration(db, userId, request, 'sync', via);
  return { id, text, user_credits, prediction };
}

/** A batch's answer (the legacy envelope's data): the batch, its items' ids in order, and the balance after it. */
export type BatchSubmitResult = { batch_id: string; ids: string[]; user_credits: number };

/**
 * A batch through the same door: its shape checked, then ONE admission for what its items share
 * (maintenance, sign-in, the model, the form's fields, image addresses, uploads, faces: each refuses
 * the whole batch before any charge), then every item parsed and priced by the model's rules (a bad
 * one names its place), then one transaction that pays for all of them or none (batch-record.ts).
 * Its items go to the dispatcher as single generations do.
 */
export async function submitBatch(db: Db, userId: string | null, request: BatchRequest, via: SubmitVia = { apiKey: null }): Promise<BatchSubmitResult> {
  const prompts = batchPrompts(request);
  const admitted = await admit(db, userId, batchForm(request, prompts)).catch((refusal: unknown) => namedItemProblem(request, prompts, refusal));
  const batch = planBatch(admitted, request, prompts, via);
  const outcome = await recordPaidBatch(db, batch);
  if (outcome.kind === 'recorded') {
    addUncappedSpend(db, via, batchTotal(batch));
    for (const item of outcome.items) scheduleDispatch(db, item.id, item.dispatchAt);
  }
  return { batch_id: outcome.batch.id, ids: outcome.items.map((item) => item.id), user_credits: outcome.balance };
}

type Charged = Omit<SubmitResult, 'text'>;

/**
 * A capped key's spend grew in the debit itself; an uncapped one's is added once the debit is done
 * (spend.ts), and the answer does not wait for it: under load every request's extra round trip is
 * time its caller waits.
 */
function addUncappedSpend(db: Db, via: SubmitVia, cost: number): void {
  const key = via.apiKey;
  if (!key || key.capped) return;
  addUncappedKeySpend(db, key.id, cost).catch((error: unknown) => {
    console.error(`[api keys] ${key.id}: a submit's ${cost} credits were not added to its spend this month:`, error instanceof Error ? error.message : error);
  });
}

/** Charges and records an admitted request; an asynchronous model's job is scheduled for dispatch. */
async function charge(db: Db, admitted: Admitted, request: GenerateRequest, via: SubmitVia): Promise<Charged> {
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
    apiKeyId: via.apiKey?.id ?? null,
    keyCapped: via.apiKey?.capped ?? false,
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
    throw new AppError(outcome.capReached ? 'api_key_cap_reached' : 'insufficient_credits');
  }
  if (outcome.kind === 'recorded') {
    addUncappedSpend(db, via, cost);
    if (!model.sync) scheduleDispatch(db, outcome.row.id, outcome.row.dispatchAt);
  }
  return answer(outcome.row, userId, outcome.balance);
}

function answer(row: Generation, userId: string, balance: number): Charged {
  return {
    id: row.id,
    status: toPublicStatus(row.status),
    outputNum: row.outputNum,
    user_credits: balance,
    prediction: toPrediction(row, userId),
  };
}
