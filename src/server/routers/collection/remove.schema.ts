import { z } from 'zod';
import { collectionIdInput, generationIds } from './collection.schema';

export const removeInput = collectionIdInput.extend({ generationIds });
export const removeOutput = z.object({ id: z.string(), removed: z.number().int() });
