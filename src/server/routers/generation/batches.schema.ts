import { z } from 'zod';
import { batchSummarySchema } from '~/server/services/generation/batch-read';

export const batchesOutput = z.object({ items: z.array(batchSummarySchema) });
