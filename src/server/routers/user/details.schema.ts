import { z } from 'zod';

/** The caller as the database has them: credits and premium are never read from the session. */
export const detailsOutput = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  image: z.string().nullable(),
  credits: z.number().int(),
  premium: z.boolean(),
});
