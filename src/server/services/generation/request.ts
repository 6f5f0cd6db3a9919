/**
 * Turning a caller's generate request (core-flow §3) into a validated model input, in the order
 * of core-flow §5: model lookup and the model's own validation, with the spec's exact messages.
 */
import { z } from 'zod';
import { getModel, inputSchemaFor, schemaFailureMessage, validateForModel, type ModelDefinition } from '~/catalogue';
import { AppError } from '~/server/errors';

/** The envelope fields every generate/check request may carry next to the model's own fields. */
export const generateRequestSchema = z.looseObject({
  model_id: z.string().optional(),
  modelId: z.string().optional(),
  pageId: z.string().max(200).optional(),
  appId: z.string().max(200).optional(),
  credit_to_consume: z.number().optional(),
  idempotency_key: z.string().min(8).max(128).optional(),
});

export type GenerateRequest = z.infer<typeof generateRequestSchema>;

const ENVELOPE_FIELDS = ['modelId', 'credit_to_consume', 'idempotency_key', 'skip_credit_check'] as const;

export function resolveModel(request: GenerateRequest): ModelDefinition {
  const id = request.model_id ?? request.modelId;
  if (!id) throw new AppError('no_model');
  const model = getModel(id);
  if (!model) throw new AppError('invalid_model');
  return model;
}

/** The model's input: parsed with its derived schema (defaults applied), then its own rules. */
export function validatedInput(model: ModelDefinition, request: GenerateRequest): Record<string, unknown> {
  const raw: Record<string, unknown> = { ...request, model_id: model.id };
  for (const field of ENVELOPE_FIELDS) delete raw[field];
  const parsed = inputSchemaFor(model).safeParse(raw);
  if (!parsed.success) {
    // The catalogue's own wording when a documented rule failed; the generic text otherwise.
    throw new AppError('validation_failed', schemaFailureMessage(parsed.error));
  }
  const input = parsed.data as Record<string, unknown>;
  const verdict = validateForModel(model, input);
  if (!verdict.ok) throw new AppError('validation_failed', verdict.message);
  return input;
}
