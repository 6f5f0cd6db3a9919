/** video_style_selector: Pixverse styles (None, anime, 3D animation, clay, cyberpunk, comic). */
import type { ControlProps } from '../types';
import { ChoiceCards } from './ChoiceCards';

export function VideoStyleSelectorControl({ control, value, onChange, error, disabled }: ControlProps<'video_style_selector'>) {
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
    />
  );
}
