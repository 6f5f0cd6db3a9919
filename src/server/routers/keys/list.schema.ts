import { z } from 'zod';
import { apiKeyOutput } from './key.schema';

export const listOutput = z.object({ items: z.array(apiKeyOutput) });
