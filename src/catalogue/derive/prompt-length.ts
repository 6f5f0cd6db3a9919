/**
 * Every prompt control has one maximum length: its provider's published limit where the catalogue
 * states it (`maxLength`), else the studio's default. The form's counter shows it and the derived
 * input schema enforces it with this message.
 */
import { DEFAULT_PROMPT_MAX_LENGTH } from '../constants';
import type { ControlOf } from '../schema';

export function promptMaxLength(control: ControlOf<'prompt'>): number {
  return control.maxLength ?? DEFAULT_PROMPT_MAX_LENGTH;
}

/** e.g. 'Prompt must be at most 2,000 characters.' */
export function promptTooLongMessage(control: ControlOf<'prompt'>): string {
  return `${control.label} must be at most ${promptMaxLength(control).toLocaleString('en-US')} characters.`;
}
