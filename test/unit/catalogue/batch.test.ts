/**
 * A batch's items and price from the catalogue's rules (issue 38): prompts one per line, seeds in a
 * row per prompt, the total as the sum of each item's own cost, and the shapes refused with their
 * words (the server answers them 400, nothing charged: test/integration/generation/batches.test.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  BATCH_MESSAGES,
  batchBaseSeed,
  batchCostFor,
  batchItemInputs,
  batchPromptLines,
  batchShapeProblem,
  batchTotalFits,
  creditCostFor,
  getModel,
  SEED_MAX,
} from '~/catalogue';

const schnell = getModel('flux-schnell')!;

describe('a batch of the generator form', () => {
  it('takes one prompt per line, blank lines and surrounding spaces dropped', () => {
    expect(batchPromptLines('a fox\r\n\n  an owl  \n\t\na hare')).toEqual(['a fox', 'an owl', 'a hare']);
  });

  it('refuses 51 prompts, empty lines only, and variations outside 1–16', () => {
    const prompts = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`);
    expect(batchShapeProblem(prompts(50), 16)).toBeNull();
    expect(batchShapeProblem(prompts(51), 1)).toBe(BATCH_MESSAGES.tooManyPrompts);
    expect(batchShapeProblem(['', '  '], 1)).toBe(BATCH_MESSAGES.noPrompts);
    expect(batchShapeProblem(prompts(1), 17)).toBe(BATCH_MESSAGES.variationsOutOfRange);
    expect(batchShapeProblem(prompts(1), 0)).toBe(BATCH_MESSAGES.variationsOutOfRange);
    expect(batchShapeProblem(prompts(1), 1.5)).toBe(BATCH_MESSAGES.variationsOutOfRange);
  });

  it('gives each prompt its variations with consecutive seeds, wrapping at the largest seed', () => {
    const items = batchItemInputs(schnell, { num_outputs: 2 }, ['a', 'b'], 2, SEED_MAX);
    expect(items).toEqual([
      { num_outputs: 2, prompt: 'a', seed: SEED_MAX },
      { num_outputs: 2, prompt: 'a', seed: 0 },
      { num_outputs: 2, prompt: 'b', seed: SEED_MAX },
      { num_outputs: 2, prompt: 'b', seed: 0 },
    ]);
    expect(batchBaseSeed({ seed: 7 })).toBe(7);
    expect(batchBaseSeed({}, () => 0.5)).toBe(500_000);
  });

  it('costs the sum of its items, each by the model’s own rule (3 prompts × 2 variations of 2 images: 12 × one image)', () => {
    const items = batchItemInputs(schnell, { num_outputs: 2 }, ['a', 'b', 'c'], 2, 1);
    expect(batchCostFor(schnell, items)).toBe(6 * creditCostFor(schnell, { num_outputs: 2 }));
    expect(batchCostFor(schnell, items)).toBe(12 * creditCostFor(schnell, { num_outputs: 1 }));
  });

  it('refuses a total that overflows what the ledger can charge at once', () => {
    expect(batchTotalFits(2_147_483_647)).toBe(true);
    expect(batchTotalFits(2_147_483_648)).toBe(false);
    expect(batchTotalFits(Number.MAX_SAFE_INTEGER + 2)).toBe(false);
  });
});
