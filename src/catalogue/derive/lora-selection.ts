/**
 * What choosing a LoRA sets on a form: the LoRA itself (on the model's LoRA selector), its
 * recommended weight on the model's `lora_scale` slider (clamped to the slider) and its default
 * prompt when the prompt is still empty. One rule for the picker in the browser and for the
 * create/flux-lora?lora={id} link the server presets. Types only: this file ships to the browser.
 */
import type { Lora } from '../content/types';
import type { Control } from '../schema';
import { hasValue } from './rules';

const SCALE_FIELD = 'lora_scale';
const PROMPT_FIELD = 'prompt';

export function loraSelectionValues(controls: readonly Control[], lora: Lora, current: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const selector = controls.find((c) => c.type === 'lora_selector');
  values[selector?.name ?? 'lora'] = lora.id;
  const scale = controls.find((c) => c.name === SCALE_FIELD);
  if (scale?.type === 'slider') values[SCALE_FIELD] = Math.min(scale.max, Math.max(scale.min, lora.recommendLoraScale));
  if (controls.some((c) => c.type === 'prompt' && c.name === PROMPT_FIELD) && !hasValue(current[PROMPT_FIELD])) {
    values[PROMPT_FIELD] = lora.defaultPrompt;
  }
  return values;
}
