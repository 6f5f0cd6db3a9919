import type { z } from 'zod';
import { GENERIC_INPUT_ERROR } from '../constants';
import { MESSAGES } from '../messages';
import type { GenerationInput, ModelDefinition } from '../schema';
import { inputSchemaFor } from './input-schema';
import { resolveMode } from './mode';
import { firstBrokenRule, type ValidationResult } from './rules';

const DOCUMENTED_MESSAGES: ReadonlySet<string> = new Set(Object.values(MESSAGES));

/**
 * What a failed input schema tells the person: the catalogue's own wording when a documented rule
 * failed (e.g. the seed's range names the seed field), the generic text otherwise.
 */
export function schemaFailureMessage(error: z.ZodError): string {
  return error.issues.map((issue) => issue.message).find((message) => DOCUMENTED_MESSAGES.has(message)) ?? GENERIC_INPUT_ERROR;
}

/**
 * The server's full check of an input (core-flow §5): first the model's own rules with their
 * exact messages (the same evaluator the browser runs: derive/rules.ts), then the derived schema,
 * whose failure reads 'Please check your input and try again.' unless a documented rule names the
 * field (the seed's range).
 */
export function validateForModel(model: ModelDefinition, input: unknown): ValidationResult {
  const values: GenerationInput = typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as GenerationInput) : {};
  const message = firstBrokenRule(model.api.validate, values, resolveMode(model, values)?.value);
  if (message) return { ok: false, message };
  const parsed = inputSchemaFor(model).safeParse(values);
  return parsed.success ? { ok: true } : { ok: false, message: schemaFailureMessage(parsed.error) };
}
