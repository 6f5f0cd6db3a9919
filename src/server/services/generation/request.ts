/**
 * Turning a caller's generate request (core-flow §3) into a validated model input, in the order
 * of core-flow §5: model lookup and the model's own validation, with the spec's exact messages.
 */
import { z } from 'zod';
import { getModel, inputIssueMessage, inputSchemaFor, inputText, partialInputSchemaFor, REQUEST_ONLY_FIELDS, type ModelDefinition, type RequestEnvelopeField } from '~/catalogue';
import { AppError } from '~/server/errors';
import { platformFor } from './provider-registry';

/**
 * The envelope fields (catalogue: REQUEST_ENVELOPE_FIELDS) every generate/check request may carry
 * next to the model's own fields, each with its bounds; skip_credit_check is the checks' own
 * (routers/generation/check.schema.ts). The `satisfies` keeps this to the catalogue's list.
 */
const envelopeShape = {
  model_id: inputText.optional(),
  modelId: inputText.optional(),
  pageId: inputText.max(200).optional(),
  appId: inputText.max(200).optional(),
  credit_to_consume: z.number().optional(),
  idempotency_key: inputText.min(8).max(128).optional(),
} satisfies Record<Exclude<RequestEnvelopeField, 'skip_credit_check'>, z.ZodType>;

export const generateRequestSchema = z.looseObject(envelopeShape);

export type GenerateRequest = z.infer<typeof generateRequestSchema>;

/**
 * The model a request names, refused while nobody can run it here (no provider key, no local
 * engine): every check, submit and synchronous path starts here, so none charges for it.
 */
export function resolveModel(request: GenerateRequest): ModelDefinition {
  const id = request.model_id ?? request.modelId;
  if (!id) throw new AppError('no_model');
  const model = getModel(id);
  if (!model) throw new AppError('invalid_model');
  platformFor(model.api.platform);
  return model;
}

/**
 * The model's input: parsed once with its derived schema, which applies the defaults and runs the
 * model's own rules (derive/rules.ts) with their exact messages.
 */
export function validatedInput(model: ModelDefinition, request: GenerateRequest): Record<string, unknown> {
  return parsedWith(inputSchemaFor(model), model, request);
}

/**
 * A form still being filled in, for its price: nothing is required yet, but each field it has is
 * held to the same rule as at submit, so the price is never computed from an out-of-range value.
 */
export function validatedFormInput(model: ModelDefinition, request: GenerateRequest): Record<string, unknown> {
  return parsedWith(partialInputSchemaFor(model), model, request);
}

function parsedWith(schema: z.ZodType<Record<string, unknown>>, model: ModelDefinition, request: GenerateRequest): Record<string, unknown> {
  const raw: Record<string, unknown> = { ...request, model_id: model.id };
  for (const field of REQUEST_ONLY_FIELDS) delete raw[field];
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    // The catalogue's own wording where it has one for this failure; the generic text otherwise.
    throw new AppError('validation_failed', inputIssueMessage(parsed.error.issues));
  }
  return parsed.data as Record<string, unknown>;
}
