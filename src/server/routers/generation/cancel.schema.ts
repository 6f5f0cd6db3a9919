import { z } from 'zod';
import { generationIdInput } from '../ids.schema';

export const cancelInput = generationIdInput;

/** A canceled generation reads as failed (its credits refunded, in user_credits). */
export const cancelOutput = z.object({ id: z.string(), status: z.literal('failed'), user_credits: z.number().int() });
