/**
 * The state of one model's form: values (defaults from the public definition), validation and
 * cost recomputed on every change.
 */
import { useCallback, useMemo, useState } from 'react';
import type { PublicModelDefinition } from '~/catalogue/public';
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

export function useModelForm(definition: PublicModelDefinition, initial: () => FormValues): ModelForm {
  const [values, setValues] = useState<FormValues>(initial);
  const setValue = useCallback((field: string, value: unknown) => setValues((prev) => ({ ...prev, [field]: value })), []);
  const patch = useCallback((next: FormValues) => setValues((prev) => ({ ...prev, ...next })), []);
  const reset = useCallback((next: FormValues) => setValues(next), []);
  const verdict = useMemo(() => evaluateForm(definition, values), [definition, values]);
  const request = useCallback(() => requestValues(definition, values), [definition, values]);
  return { definition, values, setValue, patch, reset, verdict, request };
}
