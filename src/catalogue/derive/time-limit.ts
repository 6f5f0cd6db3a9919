import { TIME_LIMIT_FACTOR, TIME_LIMIT_FLOOR } from '../constants';
import type { ModelDefinition } from '../schema';

/**
 * Seconds after which a running job is past its time (then failed and refunded): the model's own
 * `timeLimitSeconds`, else max(10 × its longest estimated duration over all modes, 600).
 */
export function timeLimitFor(model: ModelDefinition): number {
  if (model.timeLimitSeconds) return model.timeLimitSeconds;
  return Math.max(TIME_LIMIT_FACTOR * longestEstimateFor(model), TIME_LIMIT_FLOOR);
}

/** The longest a job of the model is expected to run, over all its modes (the console's "stuck" filter). */
export function longestEstimateFor(model: ModelDefinition): number {
  return Math.max(model.ui.estimatedDuration, ...(model.modes ?? []).map((m) => m.estimatedDuration));
}
