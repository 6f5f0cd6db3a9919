import { z } from 'zod';
import { collectionIdInput, collectionName } from './collection.schema';

export const renameInput = collectionIdInput.extend({ name: collectionName });
export const renameOutput = z.object({ id: z.string(), name: z.string() });
