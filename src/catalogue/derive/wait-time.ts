import { WAIT_TIME } from '../constants';
import type { ModelShape } from '../shape';

/**
 * Queue wait before the request is sent (core-flow §4 step 3): the free wait for free users
 * (60 s; 90 s for the Kontext models that have it; 30 s for text tools), the premium wait for
 * premium users (10 s), 0 when a model defines none.
 */
export function waitTimeFor(model: Pick<ModelShape, 'waitTime'> | undefined, premium: boolean): number {
  if (!model) return premium ? 0 : WAIT_TIME.free;
  return premium ? (model.waitTime.premium ?? 0) : model.waitTime.free;
}
