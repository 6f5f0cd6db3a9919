/** background_selector: the headshot backgrounds (white, black, neutral, gray, office). */
import type { ControlProps } from '../types';
import { ChoiceCards } from './ChoiceCards';

export function BackgroundSelectorControl({ control, value, onChange, error, disabled }: ControlProps<'background_selector'>) {
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
      cols={{ base: 3, xs: 5 }}
    />
  );
}
