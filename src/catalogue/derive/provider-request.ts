import type { GenerationInput, ModelDefinition, Platform } from '../schema';
import { defaultsFor } from './defaults';
import { resolveMode } from './mode';

export interface ProviderRequest {
  platform: Platform;
  /** Provider model path: `owner/name` on Replicate, the app id on fal. */
  target: string;
  /** The provider's own input fields. */
  input: Record<string, unknown>;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

function compact(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => !isEmpty(v)));
}

/**
 * The provider call for a validated input: defaults merged under the input, the mode's target
 * (or the model's path), and the model's own payload mapping. Empty values are left out so the
 * provider applies its own defaults.
 */
export function providerRequestFor(model: ModelDefinition, input: GenerationInput): ProviderRequest {
  const given = compact(input);
  const values = { ...defaultsFor(model, typeof given.mode === 'string' ? given.mode : undefined), ...given };
  const mode = resolveMode(model, values);
  const target = mode?.path ?? model.api.path;
  return { platform: model.api.platform, target, input: compact(model.api.payload(values, { mode, target })) };
}
