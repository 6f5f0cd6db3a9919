import { z } from 'zod';
import { generationIdInput } from '../ids.schema';

export const starInput = generationIdInput.extend({ starred: z.boolean() });
export const starOutput = z.object({ id: z.string(), starred: z.boolean() });
