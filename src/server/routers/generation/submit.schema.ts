import { z } from 'zod';
import { generateRequestSchema } from '~/server/services/generation/request';
import { predictionSchema } from '~/server/services/generation/present';
import { PUBLIC_STATUSES } from '~/server/services/generation/statuses';

/** A generate request (core-flow §3): the envelope fields, plus the model's own fields as they come. */
export const submitInput = generateRequestSchema;

/** The legacy answer's fields (id, status, outputNum, user_credits), the text of a synchronous model, and the prediction. */
export const submitOutput = z.object({
  id: z.string(),
  status: z.enum(PUBLIC_STATUSES),
  outputNum: z.number().int(),
  user_credits: z.number().int(),
  text: z.string().nullable(),
  prediction: predictionSchema,
});

export type SubmitInput = z.output<typeof submitInput>;
export type SubmitOutput = z.output<typeof submitOutput>;
