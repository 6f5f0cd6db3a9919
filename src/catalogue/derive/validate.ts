import { GENERIC_INPUT_ERROR } from '../constants';
import type { GenerationInput, ModelDefinition } from '../schema';
import { inputSchemaFor } from './input-schema';
import { inputIssueMessage } from './issue-message';
import { resolveMode } from './mode';
import { firstBrokenRule, type ValidationResult } from './rules';

/**
 * The server's full check of an input (core-flow §5): first the model's own rules with their
 * exact messages (the same evaluator the browser runs: derive/rules.ts), then the derived schema,
 * whose failure reads its own message where it has one for people (issue-message.ts), else
 * 'Please check your input and try again.'.
 */
export function validateForModel(model: ModelDefinition, input: unknown): ValidationResult {
  const values: GenerationInput = typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as GenerationInput) : {};
  const message = firstBrokenRule(model.api.validate, values, resolveMode(model, values)?.value);
  if (message) return { ok: false, message };
  const parsed = inputSchemaFor(model).safeParse(values);
  return parsed.success ? { ok: true } : { ok: false, message: inputIssueMessage(parsed.error.issues) ?? GENERIC_INPUT_ERROR };
}
