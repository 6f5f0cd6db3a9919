import { z } from 'zod';
import { inputText } from '~/catalogue';

/** Size and type limits are checked by the service, so their refusals carry the spec's messages. */
export const signedUrlInput = z.object({
  contentType: inputText.trim().min(1).max(100),
  /** A hash plus extension, e.g. "9b2c...e1.png". */
  remoteName: inputText.trim().min(1).max(200),
  /** 'uploads/YYYY-MM-DD' or 'masks'. */
  sourceSubfolder: inputText.trim().min(1).max(100),
  /**
   * The exact byte length that will be PUT; the signed URL then accepts only this size. Optional
   * (the spec's body has none): without it the bytes are checked when they arrive or, at the
   * latest, before the object is first used as an input.
   */
  size: z.number().int().positive().optional(),
});

export type SignedUrlInput = z.infer<typeof signedUrlInput>;

export const signedUrlOutput = z.object({ publicUrl: z.string(), signedUrl: z.string() });
