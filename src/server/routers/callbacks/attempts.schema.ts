import { z } from 'zod';
import { endpointIdInput } from './endpoint.schema';

export const attemptsInput = endpointIdInput;

/** The log: each attempt's status (null: no answer), why it failed, and the answer's first 1 kB. */
export const attemptsOutput = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      deliveryId: z.string(),
      event: z.string(),
      status: z.number().int().nullable(),
      error: z.string().nullable(),
      response: z.string().nullable(),
      at: z.date(),
    }),
  ),
});
