import { z } from 'zod';
import { batchRequestSchema } from '~/server/services/generation/batch-items';

/** A generate request (core-flow §3) with `prompts` (one item per prompt) and `variations` (seeds of each); idempotency_key keys the whole batch. */
export const submitBatchInput = batchRequestSchema;

/** The legacy envelope's data too: the batch, its items' ids in order, and the balance after it. */
export const submitBatchOutput = z.object({ batch_id: z.string(), ids: z.array(z.string()), user_credits: z.number().int() });
