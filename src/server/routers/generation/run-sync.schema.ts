import { z } from 'zod';
import { predictionSchema } from '~/server/services/generation/present';
import { submitInput } from './submit.schema';

/** The same request as submit, for a synchronous model. */
export const runSyncInput = submitInput;

export const runSyncOutput = z.object({
  id: z.string(),
  text: z.string().nullable(),
  user_credits: z.number().int(),
  prediction: predictionSchema,
});
