/** A minimal stand-in for the form renderer: holds the values and wires ControlProps. */
import { act } from '@testing-library/react';
import { useState, type ComponentType } from 'react';
import { getModel, publicModelDefinition, type ControlOf, type ControlType, type PublicModelDefinition } from '~/catalogue';
import type { ControlProps, FormValues } from '~/features/form/controls/types';
import type { Call, Handlers } from '../../ui/helpers/providers';
import { renderWithProviders } from './render';

export function publicModel(id: string): PublicModelDefinition {
  const model = getModel(id);
  if (!model) throw new Error(`unknown model ${id}`);
  return publicModelDefinition(model);
}

export function controlOf<T extends ControlType>(model: PublicModelDefinition, type: T, name?: string): ControlOf<T> {
  const control = model.ui.controls.find((c) => c.type === type && (name === undefined || c.name === name));
  if (!control) throw new Error(`${model.id} has no ${type} control`);
  return control as ControlOf<T>;
}

export function renderControl<T extends ControlType>(
  Component: ComponentType<ControlProps<T>>,
  options: {
    model: PublicModelDefinition;
    control: ControlOf<T>;
    values?: FormValues;
    error?: string | null;
    disabled?: boolean;
    extra?: Record<string, unknown>;
    /** The procedures' answers for the real tRPC client, and where it records what it sent. */
    handlers?: Handlers;
    calls?: Call[];
  },
) {
  const state = { values: { ...(options.values ?? {}) } as FormValues, set: (_field: string, _value: unknown) => undefined as void };
  function Harness() {
    const [values, setValues] = useState<FormValues>(state.values);
    state.values = values;
    const set = (field: string, value: unknown) =>
      setValues((current) => {
        const next = { ...current, [field]: value };
        if (value === undefined) delete next[field];
        state.values = next;
        return next;
      });
    state.set = set;
    const props = {
      control: options.control,
      model: options.model,
      value: values[options.control.name],
      onChange: (value: unknown) => set(options.control.name, value),
      setValue: set,
      values,
      error: options.error,
      disabled: options.disabled,
      ...(options.extra ?? {}),
    } as ControlProps<T>;
    return <Component {...props} />;
  }
  const result = renderWithProviders(<Harness />, { handlers: options.handlers, calls: options.calls });
  /** Sets a field from outside the control (as another control or a refill would). */
  const setField = (field: string, value: unknown) => act(() => state.set(field, value));
  return { ...result, values: () => state.values, setField };
}
