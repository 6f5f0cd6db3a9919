import { z } from 'zod';
import { getModel, inputText, RECENT_LIMIT_DEFAULT } from '~/catalogue';
import { CREATION_STATUS_FILTERS, CREATION_TYPE_FILTERS } from '~/utils/creation-filters';

/** /creations filters: output type, status (as people name it) and model; each validated. */
export const listInput = z.object({
  limit: z.number().int().min(1).max(50).default(24),
  cursor: inputText.optional(),
  type: z.enum(CREATION_TYPE_FILTERS).optional(),
  status: z.enum(CREATION_STATUS_FILTERS).optional(),
  modelId: inputText
    .max(100)
    .refine((id) => getModel(id) !== undefined, 'Unknown model: choose one of the catalogue’s models.')
    .optional(),
});

export const recentInput = z
  .object({ limit: z.number().int().min(1).max(RECENT_LIMIT_DEFAULT).default(RECENT_LIMIT_DEFAULT) })
  .default({ limit: RECENT_LIMIT_DEFAULT });

export const deleteManyInput = z.object({
  ids: z.array(inputText.min(1).max(64)).min(1, 'Select at least one creation.').max(50, 'At most 50 creations can be deleted at once.'),
});
