import { z } from 'zod';
import { inputUrl } from '~/catalogue';

/** One of the caller's uploaded photos, and whether to keep it after its job ends. */
export const keepPhotoInput = z.object({ url: inputUrl.max(2048), keep: z.boolean() });

export const keepPhotoOutput = z.object({ keep: z.boolean() });
