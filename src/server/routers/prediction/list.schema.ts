import { z } from 'zod';
import { getModel, inputText } from '~/catalogue';
import { CREATION_SORTS } from '~/server/services/creations/list';
import { predictionSchema } from '~/server/services/generation/present';
import { CREATION_STATUS_FILTERS, CREATION_TYPE_FILTERS } from '~/utils/creation-filters';

/** Longer than any search people type; a pasted prompt is cut by the search itself (MAX_SEARCH_WORDS). */
export const SEARCH_QUERY_MAX_LENGTH = 200;

/**
 * /creations filters: output type, status (as people name it), model, search words, a date range,
 * starred, one collection; newest or oldest first. Each validated.
 */
export const listInput = z
  .object({
    limit: z.number().int().min(1).max(50).default(24),
    cursor: inputText.optional(),
    type: z.enum(CREATION_TYPE_FILTERS).optional(),
    status: z.enum(CREATION_STATUS_FILTERS).optional(),
    modelId: inputText
      .max(100)
      .refine((id) => getModel(id) !== undefined, 'Unknown model: choose one of the catalogue’s models.')
      .optional(),
    q: inputText.max(SEARCH_QUERY_MAX_LENGTH).optional(),
    from: z.date().optional(),
    to: z.date().optional(),
    starred: z.boolean().optional(),
    collectionId: inputText.min(1).max(64).optional(),
    sort: z.enum(CREATION_SORTS).default('newest'),
  })
  .refine((input) => !input.from || !input.to || input.from < input.to, { message: 'The start date must be before the end date.', path: ['from'] });

/** A creation in the owner's list: the prediction plus the owner's own marks on it. */
export const creationSchema = predictionSchema.extend({ starred: z.boolean(), promptHidden: z.boolean() });
export type Creation = z.output<typeof creationSchema>;

export const listOutput = z.object({ items: z.array(creationSchema), nextCursor: z.string().nullable() });
