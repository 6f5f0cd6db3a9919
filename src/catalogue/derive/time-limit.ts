import { TIME_LIMIT_FACTOR, TIME_LIMIT_FLOOR } from '../constants';
import type { ModelDefinition } from '../schema';

/**
 * Seconds after which a running job counts as stuck (then failed and refunded): the model's own
 * `timeLimitSeconds`, else max(10 × its longest estimated duration over all modes, 600).
 */
export function timeLimitFor(model: ModelDefinition): number {
  if (model.timeLimitSeconds) return model.timeLimitSeconds;
  const longest = Math.max(model.ui.estimatedDuration, ...(model.modes ?? []).map((m) => m.estimatedDuration));
  return Math.max(TIME_LIMIT_FACTOR * longest, TIME_LIMIT_FLOOR);
}
