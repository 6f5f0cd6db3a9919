import { z } from 'zod';
import { inputText } from '~/catalogue';
import { API_KEY_SCOPES } from '~/utils/api-scopes';
import { apiKeyOutput } from './key.schema';

export const createInput = z.object({
  name: inputText.trim().min(1, 'Give the key a name.').max(60, 'A key’s name has at most 60 characters.'),
  scopes: z.array(z.enum(API_KEY_SCOPES)).min(1, 'Choose at least one scope.'),
  expiresAt: z.date().nullable().optional(),
  monthlyCreditCap: z.number().int('The monthly cap is a whole number of credits.').min(1, 'The monthly cap is at least 1 credit.').max(10_000_000).nullable().optional(),
});

/** The new key, and its secret: the only time the secret is ever shown. */
export const createOutput = z.object({ key: apiKeyOutput, secret: z.string() });
