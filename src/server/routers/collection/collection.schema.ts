import { z } from 'zod';
import { inputText } from '~/catalogue';
import { COLLECTION_NAME_MAX_LENGTH } from '~/server/services/creations/collections';

/** A collection's name as people type it: trimmed, not empty. */
export const collectionName = inputText
  .transform((name) => name.trim())
  .pipe(inputText.min(1, 'Name the collection.').max(COLLECTION_NAME_MAX_LENGTH, `A collection name has at most ${COLLECTION_NAME_MAX_LENGTH} characters.`));

export const collectionIdInput = z.object({ id: inputText.min(1).max(64) });
/** The creations a change is about (the /creations selection holds at most a page or a few). */
export const generationIds = z.array(inputText.min(1).max(64)).min(1).max(200);

export const collectionSummary = z.object({ id: z.string(), name: z.string(), count: z.number().int(), createdAt: z.date() });
