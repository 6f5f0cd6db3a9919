import { defaultsFor, type GenerationInput, type ModelDefinition } from '../../../src/catalogue';

export const IMG = 'https://cdn.example.com/uploads/2025-01-01/abc123.jpg';
export const IMG2 = 'https://cdn.example.com/uploads/2025-01-01/def456.png';

/** A model's defaults with every image field and required text filled in. */
export function validInputFor(model: ModelDefinition, mode?: string): GenerationInput {
  const input: GenerationInput = { ...defaultsFor(model, mode) };
  for (const control of model.ui.controls) {
    switch (control.type) {
      case 'image_input':
        input[control.name] = control.name === 'effect_input_2' ? IMG2 : IMG;
        break;
      case 'start_end_image_input':
        input[control.name] = IMG;
        break;
      case 'multi_image_input':
        input[control.name] = [IMG];
        break;
      case 'mask_input':
        input[control.name] = IMG2;
        break;
      case 'prompt':
        if (control.name === 'prompt' && !input.prompt) input.prompt = 'a lighthouse on a cliff at dusk';
        break;
      case 'button_group_selector':
        if (input[control.name] === undefined) input[control.name] = control.choices[0]?.value;
        break;
      default:
        break;
    }
  }
  return input;
}
