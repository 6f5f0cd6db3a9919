/**
 * When a form control must render again. A keystroke in the prompt changes one value; rendering
 * every control of the form for it is most of each keystroke's time on a phone. A control renders
 * again when its own value, error or definition, the model or the form's disabled state change, and
 * on any change of the form's values only for the few controls that read other fields. `onChange`
 * is not compared: it only ever calls the same `setValue` for the same field.
 */
import type { ControlProps } from './controls/types';

/** Control types that read other fields of the form, to show them or when they act. */
export const READS_OTHER_FIELDS: ReadonlySet<string> = new Set(['start_end_image_input', 'mask_input', 'lora_selector']);

/** True when `after` would render as `before` did (React.memo's comparison). */
export function controlRendersAlike(before: ControlProps, after: ControlProps): boolean {
  return (
    before.control === after.control &&
    before.model === after.model &&
    Object.is(before.value, after.value) &&
    before.error === after.error &&
    before.disabled === after.disabled &&
    before.setValue === after.setValue &&
    (before.values === after.values || !READS_OTHER_FIELDS.has(after.control.type))
  );
}
