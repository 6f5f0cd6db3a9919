import { z } from 'zod';
export { collectionIdInput as deleteInput } from './collection.schema';

export const deleteOutput = z.object({ id: z.string(), deleted: z.literal(true) });
