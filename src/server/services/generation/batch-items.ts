/**
 * A batch request (the generate request's fields, plus `prompts` and `variations`) turned into its
 * items, each parsed by the model's own rules as one generation's input is, and priced by the same
 * cost rule. Bad input is refused whole, before anything is charged, with the item named.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  BATCH_MESSAGES,
  batchBaseSeed,
  batchItemInputs,
  batchPromptField,
  batchShapeProblem,
  batchTotalFits,
  inputText,
  outputCountFor,
  providerRequestFor,
  type ModelDefinition,
} from '~/catalogue';
import { scaledMs } from '~/server/config/time-scale';
import { AppError } from '~/server/errors';
import type { Admitted } from './admission';
import { canonicalJson } from './idempotency';
import { quote } from './pricing';
import { generateRequestSchema, resolveModel, validatedInput, type GenerateRequest } from './request';
import type { BatchItemPlan, NewBatch } from './batch-record';
import { platformFor } from './provider-registry';

/**
 * The batch's own fields beside the generate request's. Their bounds are checked by the service
 * (batchShapeProblem) so every door answers with the same words; here only their types, with a
 * cap on what is read at all.
 */
export const batchRequestSchema = z.looseObject({
  ...generateRequestSchema.shape,
  prompts: z.array(inputText.max(100_000)).max(1_000),
  variations: z.number().default(1),
});

export type BatchRequest = z.output<typeof batchRequestSchema>;

/** The request's prompts as items take them (trimmed, blank ones dropped), after its shape is checked. */
export function batchPrompts(request: BatchRequest): string[] {
  const problem = batchShapeProblem(request.prompts, request.variations);
  if (problem) throw new AppError('validation_failed', problem);
  return request.prompts.map((prompt) => prompt.trim()).filter((prompt) => prompt.length > 0);
}

/** The form the items share: the request without the batch's fields, with the first prompt for admission. */
export function batchForm(request: BatchRequest, prompts: readonly string[]): GenerateRequest {
  const { prompts: _prompts, variations: _variations, ...form } = request;
  return { ...form, prompt: prompts[0] };
}

function itemInput(model: ModelDefinition, form: GenerateRequest, prompt: string, index: number): Record<string, unknown> {
  try {
    return validatedInput(model, { ...form, prompt });
  } catch (error) {
    if (error instanceof AppError && error.code === 'validation_failed') {
      throw new AppError('validation_failed', `Prompt ${index + 1}: ${error.message}`, { details: { item: index + 1 } });
    }
    throw error;
  }
}

/**
 * Admission parses the form with the first prompt; when it refuses the form, the item at fault is
 * named if one is (a prompt over the model's limit), otherwise the admission's own refusal stands.
 */
export function namedItemProblem(request: BatchRequest, prompts: readonly string[], refusal: unknown): never {
  if (refusal instanceof AppError && refusal.code === 'validation_failed') {
    const model = resolveModel(request);
    const form = batchForm(request, prompts);
    prompts.forEach((prompt, index) => itemInput(model, form, prompt, index));
  }
  throw refusal;
}

/** A digest of the request (prompts, variations and the form as parsed): what a batch key stands for. */
function requestDigest(model: ModelDefinition, admitted: Admitted, request: BatchRequest, prompts: readonly string[]): string {
  const { prompt: _prompt, ...shared } = admitted.input;
  return createHash('sha256').update(canonicalJson({ model: model.id, appId: request.appId ?? null, pageId: request.pageId ?? null, shared, prompts, variations: request.variations })).digest('hex');
}

export function planBatch(admitted: Admitted, request: BatchRequest, prompts: readonly string[], via: { apiKey: { id: string; capped: boolean } | null }): NewBatch {
  const { model, userId } = admitted;
  if (!batchPromptField(model)) throw new AppError('validation_failed', BATCH_MESSAGES.noPromptField);
  const form = batchForm(request, prompts);
  const baseSeed = batchBaseSeed(admitted.input);
  const inputs = prompts.flatMap((prompt, index) => batchItemInputs(model, itemInput(model, form, prompt, index), [prompt], request.variations, baseSeed));
  const items: BatchItemPlan[] = inputs.map((input) => {
    const { cost, estimatedSeconds } = quote(model, input, false);
    return { input, cost, estimatedSeconds, outputNum: outputCountFor(model, input), providerTarget: providerRequestFor(model, input).target };
  });
  const total = items.reduce((sum, item) => sum + item.cost, 0);
  if (!batchTotalFits(total)) throw new AppError('validation_failed', BATCH_MESSAGES.totalOverflows);
  const plan = (premium: boolean) => {
    const { waitSeconds, timeLimitSeconds } = quote(model, admitted.input, premium);
    return { waitSeconds, waitMs: scaledMs(waitSeconds), timeLimitMs: scaledMs(timeLimitSeconds) };
  };
  return {
    userId,
    idempotencyKey: request.idempotency_key ?? null,
    requestDigest: requestDigest(model, admitted, request, prompts),
    modelId: model.id,
    mode: typeof admitted.input.mode === 'string' ? admitted.input.mode : null,
    appId: request.appId ?? null,
    pageId: request.pageId ?? null,
    appType: model.appType,
    outputType: model.ui.outputType,
    platform: platformFor(model.api.platform),
    note: model.name,
    prompts: prompts.length,
    variations: request.variations,
    shownCredits: request.credit_to_consume,
    apiKeyId: via.apiKey?.id ?? null,
    keyCapped: via.apiKey?.capped ?? false,
    askedPrivate: admitted.input.is_public === false,
    plans: { premium: plan(true), free: plan(false) },
    items,
  };
}
