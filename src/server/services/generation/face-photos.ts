/**
 * Photos that must show exactly one face (catalogue `faces: 'one'` on an image input: headshot,
 * PuLID): checked at admission, after the inputs' own checks and before the price, so a photo
 * without a face or with several is refused with a message that says which, before anything is
 * charged or sent to a provider. The upload stays where it is, for another try. The same check
 * answers the form's early question about a photo just uploaded (`upload.faceCheck`).
 */
import { faceCheckedFields, type ModelDefinition } from '~/catalogue';
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { faceVerdict, type FaceVerdict } from '~/server/services/faces/face-verdict';
import { inputImageReader } from '~/server/services/storage/input-images';
import { checkInputUploads } from './input-uploads';
import { assertUsableInputs } from './private-inputs';

/** The refusal a verdict stands for, naming the field (the form shows it there); null when the photo goes through. */
export function faceRefusal(verdict: FaceVerdict, field: string): AppError | null {
  switch (verdict.status) {
    case 'no_face':
      return new AppError('no_face', undefined, { details: { field } });
    case 'many_faces':
      return new AppError('too_many_faces', `This photo shows ${verdict.faces} faces. Choose a photo of one person.`, { details: { field, faces: verdict.faces } });
    case 'unreadable':
      return new AppError('unreadable_image', undefined, { details: { field } });
    default:
      return null;
  }
}

/**
 * The verdict on the photo at `url`, read as `userId` may read it. A photo that cannot be fetched
 * (a remote address that fails) is left unchecked: the provider's own fetch decides about it.
 */
async function verdictFor(db: Db, userId: string, url: string): Promise<FaceVerdict> {
  let bytes: Buffer;
  try {
    bytes = await inputImageReader(db, userId)(url);
  } catch (error) {
    console.warn('[face check] the photo could not be read, it goes through unchecked:', error instanceof Error ? error.message : error);
    return { status: 'unchecked', faces: null, reason: 'unavailable' };
  }
  return faceVerdict(bytes);
}

/** Admission's step: every face-checked field of the model that names a photo. */
export async function assertFacePhotos(db: Db, userId: string, model: ModelDefinition, input: Record<string, unknown>): Promise<void> {
  for (const field of faceCheckedFields(model)) {
    const url = input[field];
    if (typeof url !== 'string' || !url) continue;
    const refusal = faceRefusal(await verdictFor(db, userId, url), field);
    if (refusal) throw refusal;
  }
}

/** The early verdict on one photo, with admission's rules for reading it (privacy, the upload's bytes checked). */
export async function checkPhotoFaces(db: Db, userId: string, url: string): Promise<FaceVerdict> {
  await checkInputUploads(db, await assertUsableInputs(db, userId, { image_url: url }));
  return verdictFor(db, userId, url);
}
