import { DEFAULT_ESTIMATED_DURATION } from '../constants';
import type { GenerationInput } from '../schema';
import type { ModelShape } from '../shape';
import { resolveMode } from './mode';

/** Seconds a generation is expected to take: the mode's, else the model's, else 60. */
export function estimatedDurationFor(model: ModelShape | undefined, input: GenerationInput = {}): number {
  if (!model) return DEFAULT_ESTIMATED_DURATION;
  return resolveMode(model, input)?.estimatedDuration ?? model.ui.estimatedDuration ?? DEFAULT_ESTIMATED_DURATION;
}
