/**
 * Form values of a model, derived only from its catalogue definition: initial values (defaults,
 * the app's mode, preset values), the request body (hidden controls' fields dropped), the cost and
 * the validation verdict on every change.
 */
import {
  checkInput,
  creditCostFor,
  defaultsFor,
  fieldProblems,
  hasValue,
  imageInputOf,
  type PublicApp,
  type PublicModelDefinition as ModelDefinition,
  type ValidationResult,
} from '~/catalogue/public';
import type { FormValues } from './controls/types';
import { fieldsOf, isControlVisible } from './depends-on';

/** Fields the form carries for every model (core-flow §3 generation input). */
export const PRIVACY_FIELD = 'is_public';

export function initialValues(model: ModelDefinition, options: { mode?: string; preset?: FormValues } = {}): FormValues {
  const values: FormValues = { ...defaultsFor(model, options.mode), [PRIVACY_FIELD]: true };
  for (const [field, value] of Object.entries(options.preset ?? {})) {
    if (value !== undefined && value !== null && value !== '') values[field] = value;
  }
  return values;
}

/**
 * The values a model's form opens with inside an app: its defaults, the app's preset mode when the
 * model is the app's default, then the given values.
 */
export function openingValues(app: Pick<PublicApp, 'defaultModelId' | 'defaultMode'>, model: ModelDefinition, preset?: FormValues): FormValues {
  return initialValues(model, { mode: model.id === app.defaultModelId ? app.defaultMode : undefined, preset });
}

/** Keeps what carries over when switching model: the prompt, if the new model has one. */
export function carryOver(previous: FormValues, next: ModelDefinition): FormValues {
  const carried: FormValues = {};
  if (hasValue(previous.prompt) && next.ui.controls.some((c) => c.type === 'prompt' && c.name === 'prompt')) carried.prompt = previous.prompt;
  return carried;
}

/** Fields written only by hidden controls are not sent (a visible control may share the field). */
export function requestValues(model: ModelDefinition, values: FormValues): FormValues {
  const visibleFields = new Set<string>();
  const hiddenFields = new Set<string>();
  for (const control of model.ui.controls) {
    const target = isControlVisible(control, values) ? visibleFields : hiddenFields;
    for (const field of fieldsOf(control)) target.add(field);
  }
  const out: FormValues = {};
  for (const [field, value] of Object.entries(values)) {
    if (hiddenFields.has(field) && !visibleFields.has(field)) continue;
    if (value === undefined || value === null) continue;
    if (value === '' && !visibleFields.has(field)) continue;
    out[field] = value;
  }
  return out;
}

export type FormVerdict = {
  validation: ValidationResult;
  /** Per-field messages from the controls' own ranges, choices and lengths, by field name. */
  fieldErrors: Record<string, string>;
  cost: number;
};

export function evaluateForm(model: ModelDefinition, values: FormValues): FormVerdict {
  const request = requestValues(model, values);
  const fieldErrors = fieldProblems(
    model.ui.controls.filter((c) => isControlVisible(c, values)),
    request,
  );
  const rules = checkInput(model, request);
  const firstProblem = Object.values(fieldErrors)[0];
  const validation: ValidationResult = !rules.ok ? rules : firstProblem ? { ok: false, message: firstProblem } : { ok: true };
  return { validation, fieldErrors, cost: creditCostFor(model, request) };
}

/** Values that refill the form from a creation: its first input image and its prompt (core-flow §2). */
export function valuesFromCreation(model: ModelDefinition, creation: { display: { prompt: string | null; inputImages: string[] } }): FormValues {
  const patch: FormValues = {};
  const image = creation.display.inputImages[0];
  if (image) Object.assign(patch, imageValues(model, image));
  const prompt = creation.display.prompt;
  if (prompt && model.ui.controls.some((c) => c.type === 'prompt' && c.name === 'prompt')) patch.prompt = prompt;
  return patch;
}

/** The form values that put one image into a model's image field (none when it takes no image). */
export function imageValues(model: Pick<ModelDefinition, 'ui'>, url: string): FormValues {
  const target = imageInputOf(model);
  return target ? { [target.field]: target.many ? [url] : url } : {};
}
