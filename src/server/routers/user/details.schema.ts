import { z } from 'zod';
import { ROLES } from '~/utils/staff-roles';

/** The caller as the database has them: credits, premium and role are never read from the session. */
export const detailsOutput = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  image: z.string().nullable(),
  credits: z.number().int(),
  premium: z.boolean(),
  role: z.enum(ROLES),
});
