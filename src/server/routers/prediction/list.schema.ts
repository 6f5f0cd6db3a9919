import { z } from 'zod';
import { getModel, inputText } from '~/catalogue';
import { predictionSchema } from '~/server/services/generation/present';
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

export const listOutput = z.object({ items: z.array(predictionSchema), nextCursor: z.string().nullable() });
