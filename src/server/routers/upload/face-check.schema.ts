import { z } from 'zod';
import { inputUrl } from '~/catalogue';

/** The URL of a photo just uploaded (or any image the caller may use as an input). */
export const faceCheckInput = z.object({ url: inputUrl.max(2048) });

/**
 * The detector's verdict: one_face, no_face, many_faces (with the count), unreadable, or unchecked
 * (the check is off, or gave no answer in time: the photo goes through, see face-verdict.ts).
 */
export const faceCheckOutput = z.object({
  status: z.enum(['one_face', 'no_face', 'many_faces', 'unreadable', 'unchecked']),
  faces: z.number().int().min(0).nullable(),
});

export type FaceCheckOutput = z.output<typeof faceCheckOutput>;
