/** image_input: one uploaded image as the field's URL (tool-catalogue §3, §4). */
import { ImageUploader } from '~/features/uploads';
import type { ControlProps } from '../types';

export function asImageUrl(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

export function ImageInputControl({ control, value, onChange, error, disabled }: ControlProps<'image_input'>) {
  return (
    <ImageUploader
      value={asImageUrl(value)}
      onChange={(url) => onChange(url ?? undefined)}
      label={control.label}
      description={control.description}
      error={error}
      required={control.required}
      disabled={disabled}
      accept={control.accept}
      testId={`control-${control.name}`}
    />
  );
}
