/** A control may depend on another field: it exists, does not exist, or equals a value (tool-catalogue §3). */
import { hasValue, type Control, type DependsOn } from '~/catalogue/public';
import type { FormValues } from './controls/types';

export { hasValue };

export function dependencyMet(dependsOn: DependsOn | undefined, values: FormValues): boolean {
  if (!dependsOn) return true;
  const value = values[dependsOn.field];
  if ('exists' in dependsOn) return hasValue(value) === dependsOn.exists;
  return value === dependsOn.equals;
}

export function isControlVisible(control: Control, values: FormValues): boolean {
  return dependencyMet(control.dependsOn, values);
}

/** The fields a control writes (the start/end input writes two). */
export function fieldsOf(control: Control): string[] {
  return control.type === 'start_end_image_input' ? [control.name, control.endName] : [control.name];
}
