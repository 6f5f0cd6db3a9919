import { z } from 'zod';
import { inputText } from '~/catalogue';
import { ROLES } from '~/utils/staff-roles';

export const searchUsersInput = z.object({ query: inputText.max(254) });

export const userHitSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(ROLES),
  credits: z.number().int(),
  premium: z.boolean(),
  suspended: z.boolean(),
  createdAt: z.date(),
});

export const searchUsersOutput = z.array(userHitSchema);
