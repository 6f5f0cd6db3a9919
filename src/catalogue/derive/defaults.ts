import type { Control, GenerationInput } from '../schema';
import type { ModelShape } from '../shape';

function controlDefault(control: Control): unknown {
  return 'default' in control ? control.default : undefined;
}

/**
 * Default form values of a model: every control default, then the definition's own
 * `defaultValues`, which win, then the (given or default) mode. Applying it to a public
 * definition (whose defaultValues are already these) gives the same values.
 */
export function defaultsFor(model: Pick<ModelShape, 'ui' | 'modes' | 'defaultMode' | 'defaultValues'>, mode?: string): GenerationInput {
  const values: GenerationInput = {};
  for (const control of model.ui.controls) {
    const value = controlDefault(control);
    if (value !== undefined && !(control.name in values)) values[control.name] = value;
  }
  Object.assign(values, model.defaultValues);
  if (model.modes) {
    values.mode = model.modes.some((m) => m.value === mode) ? mode : model.defaultMode;
  }
  return values;
}
