/**
 * A batch: the same form over many prompts (one per line) and several seeds of each. Its items and
 * its price come from the same rules as one generation's (creditCostFor per item), so the
 * generator's button and the server's charge cannot disagree. The server refuses what the form
 * would refuse, with the same words.
 */
import { SEED_MAX, SEED_RANDOM_BELOW } from '../constants';
import type { GenerationInput } from '../schema';
import type { ModelShape } from '../shape';
import { creditCostFor } from './credit-cost';

export const BATCH_MAX_PROMPTS = 50;
export const BATCH_MAX_VARIATIONS = 16;
/** The most credits one batch may charge: the ledger's amounts are 32-bit integers. */
export const BATCH_MAX_TOTAL_CREDITS = 2_147_483_647;

export const BATCH_MESSAGES = {
  noPrompts: 'Write at least one prompt, one per line.',
  tooManyPrompts: `A batch takes at most ${BATCH_MAX_PROMPTS} prompts, one per line.`,
  variationsOutOfRange: `Variations must be a whole number from 1 to ${BATCH_MAX_VARIATIONS}.`,
  totalOverflows: 'This batch costs more credits than can be charged at once. Make it smaller.',
  noPromptField: 'This model takes no prompt, so it cannot run as a batch.',
} as const;

/** The prompts of a batch's text box: one per line, blank lines and surrounding spaces dropped. */
export function batchPromptLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** The first problem of a batch's shape (prompts and variations), or null when it is well formed. */
export function batchShapeProblem(prompts: readonly string[], variations: number): string | null {
  const kept = prompts.filter((prompt) => prompt.trim().length > 0);
  if (kept.length === 0) return BATCH_MESSAGES.noPrompts;
  if (kept.length > BATCH_MAX_PROMPTS) return BATCH_MESSAGES.tooManyPrompts;
  if (!Number.isInteger(variations) || variations < 1 || variations > BATCH_MAX_VARIATIONS) return BATCH_MESSAGES.variationsOutOfRange;
  return null;
}

/** The model's prompt field (the one batches vary), or undefined when it has none. */
export function batchPromptField(model: Pick<ModelShape, 'ui'>): string | undefined {
  return model.ui.controls.find((control) => control.type === 'prompt' && control.name === 'prompt')?.name;
}

/** Whether the model draws from a seed (each variation of a prompt then gets its own). */
function takesSeed(model: Pick<ModelShape, 'ui'>): boolean {
  return model.ui.controls.some((control) => control.type === 'seed');
}

/** A batch's first seed: the form's own when it has one, otherwise a random one as the seed control's button gives. */
export function batchBaseSeed(input: GenerationInput, random: () => number = Math.random): number {
  return typeof input.seed === 'number' && Number.isInteger(input.seed) ? input.seed : Math.floor(random() * SEED_RANDOM_BELOW);
}

/**
 * Every item of a batch, prompt by prompt, each prompt's variations in a row: the form's input with
 * the prompt set and, for a model that takes a seed, consecutive seeds from `baseSeed` (wrapping at
 * the providers' largest seed). A model without a seed runs the same input `variations` times.
 */
export function batchItemInputs(model: Pick<ModelShape, 'ui'>, input: GenerationInput, prompts: readonly string[], variations: number, baseSeed: number): GenerationInput[] {
  const field = batchPromptField(model) ?? 'prompt';
  const seeded = takesSeed(model);
  return prompts.flatMap((prompt) =>
    Array.from({ length: variations }, (_, v) => ({ ...input, [field]: prompt, ...(seeded ? { seed: (baseSeed + v) % (SEED_MAX + 1) } : {}) })),
  );
}

/** The batch's price: the sum of its items' prices, each by the model's own cost rule. */
export function batchCostFor(model: ModelShape | undefined, items: readonly GenerationInput[]): number {
  return items.reduce((sum, item) => sum + creditCostFor(model, item), 0);
}

/** Whether a batch's total can be charged at once. */
export function batchTotalFits(total: number): boolean {
  return Number.isSafeInteger(total) && total <= BATCH_MAX_TOTAL_CREDITS;
}
