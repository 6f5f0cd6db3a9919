import type { GenerationInput, ModeDefinition, ModelDefinition } from '../schema';

/** The mode an input runs in: its `mode` when the model has it, else the model's default mode. */
export function resolveMode(model: ModelDefinition, input: GenerationInput = {}): ModeDefinition | undefined {
  if (!model.modes) return undefined;
  return model.modes.find((m) => m.value === input.mode) ?? model.modes.find((m) => m.value === model.defaultMode);
}

export function getMode(model: ModelDefinition, value: string | undefined): ModeDefinition | undefined {
  return value === undefined ? undefined : model.modes?.find((m) => m.value === value);
}
