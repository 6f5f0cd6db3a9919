/**
 * The state of one model's form: values (defaults from the catalogue), validation and cost
 * recomputed on every change.
 */
import { useCallback, useMemo, useState } from 'react';
import { publicModelDefinition, type ModelDefinition, type PublicModelDefinition } from '~/catalogue';
import type { FormValues } from './controls/types';
import { evaluateForm, requestValues, type FormVerdict } from './form-values';

export type ModelForm = {
  definition: PublicModelDefinition;
  values: FormValues;
  setValue: (field: string, value: unknown) => void;
  patch: (values: FormValues) => void;
  reset: (values: FormValues) => void;
  verdict: FormVerdict;
  /** The values to send (hidden controls' fields dropped). */
  request: () => FormValues;
};

export function useModelForm(model: ModelDefinition, initial: () => FormValues): ModelForm {
  const [values, setValues] = useState<FormValues>(initial);
  const definition = useMemo(() => publicModelDefinition(model), [model]);
  const setValue = useCallback((field: string, value: unknown) => setValues((prev) => ({ ...prev, [field]: value })), []);
  const patch = useCallback((next: FormValues) => setValues((prev) => ({ ...prev, ...next })), []);
  const reset = useCallback((next: FormValues) => setValues(next), []);
  const verdict = useMemo(() => evaluateForm(model, values), [model, values]);
  const request = useCallback(() => requestValues(model, values), [model, values]);
  return { definition, values, setValue, patch, reset, verdict, request };
}
