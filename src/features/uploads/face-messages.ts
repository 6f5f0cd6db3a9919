/**
 * The face check's words (uploads namespace), for the server's verdict on a photo just uploaded and
 * for Generate's refusal of it: both say the same thing on the upload field, in every locale.
 */
type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The server's refusal codes for a photo that must show one face (errors.ts), with the count it sends. */
export function faceRefusalText(t: Translate, code: string, faces?: number): string | null {
  switch (code) {
    case 'no_face':
      return t('faceNone');
    case 'too_many_faces':
      return t('faceMany', { count: faces ?? 2 });
    case 'unreadable_image':
      return t('imageUnreadable');
    default:
      return null;
  }
}

export type FaceCheckStatus = 'one_face' | 'no_face' | 'many_faces' | 'unreadable' | 'unchecked';

/** The early verdict as the field shows it: a problem (an error), a note (one face), or nothing (not checked). */
export function faceVerdictText(t: Translate, status: FaceCheckStatus, faces: number | null): { problem: string | null; note: string | null } {
  switch (status) {
    case 'one_face':
      return { problem: null, note: t('faceFound') };
    case 'no_face':
      return { problem: faceRefusalText(t, 'no_face'), note: null };
    case 'many_faces':
      return { problem: faceRefusalText(t, 'too_many_faces', faces ?? undefined), note: null };
    case 'unreadable':
      return { problem: faceRefusalText(t, 'unreadable_image'), note: null };
    case 'unchecked':
      return { problem: null, note: null };
  }
}
