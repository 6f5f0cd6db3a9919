import { z } from 'zod';
import { generationIdInput } from '../ids.schema';

export const deleteInput = generationIdInput;

export const deleteOutput = z.object({ id: z.string(), deleted: z.literal(true) });
