/**
 * image_input: one uploaded image as the field's URL (tool-catalogue §3, §4). A photo that must
 * show one face (catalogue `faces: 'one'`) gets the detector's verdict as soon as it is uploaded:
 * '1 face found', or the problem as the field's error; Generate's refusal of the photo (the
 * server's own check) shows there too, until another photo is chosen. Such a photo is deleted when
 * its job ends unless the person ticks "keep this photo for next time" under it.
 */
import { useEffect, useState } from 'react';
import { useTranslations } from '~/i18n';
import { fieldRefusalOf } from '~/features/form/field-refusals';
import { listenForRefusals } from '~/features/form/refusal-relay';
import { faceRefusalText, ImageUploader, KeepPhotoToggle, useFaceVerdict } from '~/features/uploads';
import type { ControlProps } from '../types';

export function asImageUrl(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

export function ImageInputControl({ control, value, onChange, error, disabled }: ControlProps<'image_input'>) {
  const t = useTranslations('uploads');
  const url = asImageUrl(value);
  const faces = useFaceVerdict(control.faces === 'one' ? url : null);
  // The server's refusal, for the photo it was about.
  const [refused, setRefused] = useState<{ url: string | null; message: string } | null>(null);
  useEffect(
    () =>
      listenForRefusals((failure) => {
        const refusal = fieldRefusalOf(failure);
        if (refusal?.field !== control.name) return;
        const count = typeof refusal.details.faces === 'number' ? refusal.details.faces : undefined;
        const message = faceRefusalText(t, refusal.code, count);
        if (message) setRefused({ url, message });
      }),
    [control.name, t, url],
  );
  const refusal = refused && refused.url === url ? refused.message : null;
  const uploader = (
    <ImageUploader
      value={url}
      onChange={(next) => onChange(next ?? undefined)}
      label={control.label}
      description={control.description}
      error={error || refusal || faces.problem}
      note={faces.note}
      required={control.required}
      disabled={disabled}
      accept={control.accept}
      testId={`control-${control.name}`}
    />
  );
  // A face photo is deleted when its job ends unless the person keeps it (face-photos-release.ts).
  if (control.faces !== 'one' || url === null) return uploader;
  return (
    <div>
      {uploader}
      <KeepPhotoToggle url={url} testId={`control-${control.name}-keep`} />
    </div>
  );
}
