import { z } from 'zod';
import { ROLES } from '~/utils/staff-roles';
import { userIdField } from './shared.schema';

export const userInput = z.object({ userId: userIdField });

export const userOutput = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(ROLES),
  credits: z.number().int(),
  premium: z.boolean(),
  manualPremium: z.object({ until: z.date().nullable() }).nullable(),
  subscription: z.object({ id: z.string(), status: z.string(), premium: z.boolean(), cancelAtPeriodEnd: z.boolean(), currentPeriodEnd: z.date() }).nullable(),
  suspendedAt: z.date().nullable(),
  signInMethods: z.array(z.string()),
  createdAt: z.date(),
  lastSeenAt: z.date().nullable(),
});
