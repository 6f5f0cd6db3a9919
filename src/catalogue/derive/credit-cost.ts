import { DEFAULT_CREDIT_COST, DEFAULT_VIDEO_DURATION, NUM_OUTPUTS } from '../constants';
import type { GenerationInput } from '../schema';
import type { ModelShape } from '../shape';
import { resolveMode } from './mode';

function toNumber(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/**
 * How many outputs an input produces, and is billed for: num_outputs only for models that offer
 * it, as an integer clamped to 1..4; every other model makes one.
 */
export function outputCountFor(model: Pick<ModelShape, 'ui'>, input: GenerationInput = {}): number {
  const control = model.ui.controls.find((c) => c.name === 'num_outputs');
  if (!control) return 1;
  const fallback = control.type === 'number_selector' ? control.default : NUM_OUTPUTS.default;
  const n = Math.trunc(toNumber(input.num_outputs) ?? fallback);
  return Math.min(NUM_OUTPUTS.max, Math.max(NUM_OUTPUTS.min, n));
}

function durationSeconds(model: Pick<ModelShape, 'ui'>, input: GenerationInput): number {
  const control = model.ui.controls.find((c) => c.type === 'duration_selector');
  const fallback = control?.type === 'duration_selector' ? control.default : DEFAULT_VIDEO_DURATION;
  const seconds = toNumber(input.duration) ?? fallback;
  return seconds > 0 ? seconds : fallback;
}

/**
 * Credits an input costs (core-flow §9):
 * - perImage: amount × num_outputs;
 * - perSecond: amount × duration, with the base cost as the minimum. Reading of "per-second cost
 *   multiplied by duration with the base cost as minimum": cost = max(baseCost, amount × seconds).
 *   The spec's pairs agree with it: every base cost equals 5 s × the rate (16×5 = 80, 30×5 = 150,
 *   20×5 = 100), so a 5 s clip costs the base and a 10 s clip twice that (Kling v2.1 standard:
 *   80 for 5 s, 160 for 10 s) — not base + rate × seconds;
 * - flat: amount.
 * A mode's rule overrides the model's. No model costs 1. Duration controls offer only lengths the
 * provider delivers, so the seconds billed are the seconds asked for.
 */
export function creditCostFor(model: ModelShape | undefined, input: GenerationInput = {}): number {
  if (!model) return DEFAULT_CREDIT_COST;
  const rule = resolveMode(model, input)?.credits ?? model.credits;
  switch (rule.type) {
    case 'perImage':
      return rule.amount * outputCountFor(model, input);
    case 'perSecond':
      return Math.max(rule.baseCost, Math.ceil(rule.amount * durationSeconds(model, input)));
    case 'flat':
      return rule.amount;
  }
}
