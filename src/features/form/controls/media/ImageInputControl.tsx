/**
 * image_input: one uploaded image as the field's URL (tool-catalogue §3, §4). A photo that must
 * show one face (catalogue `faces: 'one'`) gets the detector's verdict as soon as it is uploaded:
 * '1 face found', or the problem as the field's error (Generate's refusal shows there too).
 */
import { ImageUploader, useFaceVerdict } from '~/features/uploads';
import type { ControlProps } from '../types';

export function asImageUrl(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

export function ImageInputControl({ control, value, onChange, error, disabled }: ControlProps<'image_input'>) {
  const url = asImageUrl(value);
  const faces = useFaceVerdict(control.faces === 'one' ? url : null);
  return (
    <ImageUploader
      value={url}
      onChange={(next) => onChange(next ?? undefined)}
      label={control.label}
      description={control.description}
      error={error || faces.problem}
      note={faces.note}
      required={control.required}
      disabled={disabled}
      accept={control.accept}
      testId={`control-${control.name}`}
    />
  );
}
