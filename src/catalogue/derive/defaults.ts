import type { Control, GenerationInput, ModelDefinition } from '../schema';

function controlDefault(control: Control): unknown {
  switch (control.type) {
    case 'slider':
    case 'aspect_ratio_selector':
    case 'number_selector':
    case 'duration_selector':
    case 'toggle':
    case 'video_style_selector':
    case 'background_selector':
      return control.default;
    case 'prompt':
    case 'button_group_selector':
    case 'select':
    case 'lora_selector':
    case 'image_effect_selector':
    case 'video_effect_selector':
      return control.default;
    default:
      return undefined;
  }
}

/**
 * Default form values of a model: every control default, the (given or default) mode, then the
 * definition's own `defaultValues`, which win.
 */
export function defaultsFor(model: ModelDefinition, mode?: string): GenerationInput {
  const values: GenerationInput = {};
  for (const control of model.ui.controls) {
    const value = controlDefault(control);
    if (value !== undefined && !(control.name in values)) values[control.name] = value;
  }
  if (model.modes) {
    values.mode = model.modes.some((m) => m.value === mode) ? mode : model.defaultMode;
  }
  return { ...values, ...model.defaultValues };
}
