import { z } from 'zod';
import { API_KEY_SCOPES } from '~/utils/api-scopes';

/** A key as its owner's list shows it: never its secret or hash. */
export const apiKeyOutput = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.date(),
  expiresAt: z.date().nullable(),
  lastUsedAt: z.date().nullable(),
  revokedAt: z.date().nullable(),
  monthlyCreditCap: z.number().int().nullable(),
  spentThisMonth: z.number().int(),
});
