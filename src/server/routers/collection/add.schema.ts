import { z } from 'zod';
import { collectionIdInput, generationIds } from './collection.schema';

export const addInput = collectionIdInput.extend({ generationIds });
export const addOutput = z.object({ id: z.string(), added: z.number().int() });
