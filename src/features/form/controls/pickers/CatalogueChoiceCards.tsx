/**
 * A catalogue control whose choices are cards (headshot backgrounds, Pixverse styles): the
 * control's own choices, label, description and default, rendered by ChoiceCards.
 */
import type { ComponentProps } from 'react';
import type { ControlProps } from '../types';
import { ChoiceCards } from './ChoiceCards';

type CardControl = 'background_selector' | 'video_style_selector';

export function CatalogueChoiceCards({
  control,
  value,
  onChange,
  error,
  disabled,
  cols,
}: ControlProps<CardControl> & { cols?: ComponentProps<typeof ChoiceCards>['cols'] }) {
  const current = typeof value === 'string' ? value : control.default;
  return (
    <ChoiceCards
      name={control.name}
      label={control.label}
      description={control.description}
      required={control.required}
      error={error}
      value={current}
      onChange={onChange}
      choices={control.choices.map((c) => ({ value: String(c.value), label: c.label, description: c.description, image: c.image }))}
      disabled={disabled}
      cols={cols}
    />
  );
}
