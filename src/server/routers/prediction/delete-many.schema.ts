import { z } from 'zod';
import { inputText } from '~/catalogue';

/** The /creations selection. */
export const deleteManyInput = z.object({
  ids: z.array(inputText.min(1).max(64)).min(1, 'Select at least one creation.').max(50, 'At most 50 creations can be deleted at once.'),
});

/** `deleted`: how many were removed (all of them, or none and an error). */
export const deleteManyOutput = z.object({ ids: z.array(z.string()), deleted: z.number().int() });
