import { z } from 'zod';
import { generateRequestSchema } from '~/server/services/generation/request';
import { predictionSchema } from '~/server/services/generation/present';
import { PUBLIC_STATUSES } from '~/server/services/generation/statuses';

/** A generate request (core-flow §3): the envelope fields, plus the model's own fields as they come. */
export const submitInput = generateRequestSchema;

/** /api/v1 takes the idempotency key as a header too (the edge moves it into idempotency_key). */
export const idempotencyKeyHeader = z.object({
  'idempotency-key': z.string().min(8).max(128).optional().meta({ description: 'Makes a retry charge once: the same key answers the same generation.' }),
});

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
