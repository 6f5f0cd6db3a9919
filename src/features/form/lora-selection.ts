/**
 * What choosing a LoRA sets on a form: the LoRA itself, its recommended weight on the model's
 * `lora_scale` slider (clamped to the slider) and its default prompt when the prompt is still
 * empty. One rule for the picker and for the create/flux-lora?lora={id} link.
 */
import { hasValue, type Control, type Lora } from '~/catalogue/public';
import type { FormValues } from './controls/types';

const SCALE_FIELD = 'lora_scale';
const PROMPT_FIELD = 'prompt';

export function loraSelectionValues(controls: readonly Control[], lora: Lora, current: FormValues): FormValues {
  const values: FormValues = {};
  const selector = controls.find((c) => c.type === 'lora_selector');
  values[selector?.name ?? 'lora'] = lora.id;
  const scale = controls.find((c) => c.name === SCALE_FIELD);
  if (scale?.type === 'slider') values[SCALE_FIELD] = Math.min(scale.max, Math.max(scale.min, lora.recommendLoraScale));
  if (controls.some((c) => c.type === 'prompt' && c.name === PROMPT_FIELD) && !hasValue(current[PROMPT_FIELD])) {
    values[PROMPT_FIELD] = lora.defaultPrompt;
  }
  return values;
}
