/** A control may depend on another field: it exists, does not exist, or equals a value (tool-catalogue §3). */
import type { Control, DependsOn } from '~/catalogue';
import type { FormValues } from './controls/types';

export function hasValue(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

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
