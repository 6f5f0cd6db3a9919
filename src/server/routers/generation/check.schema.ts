import { z } from 'zod';
import { submitInput } from './submit.schema';

/** The request submit takes; `skip_credit_check` leaves out the credit part. */
export const checkInput = submitInput.extend({ skip_credit_check: z.boolean().optional() });

/** success false with error 'insufficient_credits' when the balance is short; credits is the cost. */
export const checkOutput = z.object({
  success: z.boolean(),
  credits: z.number().int(),
  message: z.string().nullable(),
  error: z.string().nullable(),
});
