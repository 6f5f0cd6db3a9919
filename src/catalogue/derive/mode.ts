import type { ModelShape, ModeShape } from '../shape';
import type { GenerationInput } from '../schema';

/** The mode an input runs in: its `mode` when the model has it, else the model's default mode. */
export function resolveMode<M extends ModeShape>(
  model: Omit<ModelShape, 'modes'> & { modes?: readonly M[] },
  input: GenerationInput = {},
): M | undefined {
  if (!model.modes) return undefined;
  return model.modes.find((m) => m.value === input.mode) ?? model.modes.find((m) => m.value === model.defaultMode);
}

export function getMode<M extends ModeShape>(model: { modes?: readonly M[] }, value: string | undefined): M | undefined {
  return value === undefined ? undefined : model.modes?.find((m) => m.value === value);
}
