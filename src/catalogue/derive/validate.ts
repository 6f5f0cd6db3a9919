import { GENERIC_INPUT_ERROR } from '../constants';
import type { GenerationInput, ModelDefinition } from '../schema';
import { inputSchemaFor } from './input-schema';
import { inputIssueMessage } from './issue-message';
import { resolveMode } from './mode';

export type ValidationResult = { ok: true } | { ok: false; message: string };

/**
 * The model's input validation, run identically on the client and the server (core-flow §5 step 3):
 * first the model's own rules with their exact messages, then the derived schema, whose failure
 * reads its own message where it has one for people (issue-message.ts), else 'Please check your
 * input and try again.'.
 */
export function validateForModel(model: ModelDefinition, input: unknown): ValidationResult {
  const values: GenerationInput = typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as GenerationInput) : {};
  let message: string | undefined;
  try {
    message = model.api.validate(values, { mode: resolveMode(model, values) });
  } catch (error) {
    message = error instanceof Error && error.message ? error.message : GENERIC_INPUT_ERROR;
  }
  if (message) return { ok: false, message };
  const parsed = inputSchemaFor(model).safeParse(values);
  return parsed.success ? { ok: true } : { ok: false, message: inputIssueMessage(parsed.error.issues) ?? GENERIC_INPUT_ERROR };
}
