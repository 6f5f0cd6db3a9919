/**
 * The contract between the form renderer and every control component. A control edits its own
 * field (`value`/`onChange`) and may set others through `setValue` (e.g. the start/end image
 * input sets start_image_url and end_image_url, the mask editor sets mask_image).
 */
import type { ControlOf, ControlType, PublicModelDefinition } from '~/catalogue/public';

export type FormValues = Record<string, unknown>;

export type ControlProps<T extends ControlType = ControlType> = {
  control: ControlOf<T>;
  model: PublicModelDefinition;
  value: unknown;
  onChange: (value: unknown) => void;
  setValue: (field: string, value: unknown) => void;
  values: FormValues;
  error?: string | null;
  disabled?: boolean;
};

