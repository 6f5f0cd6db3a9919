import { z } from 'zod';
import { actionIdField, reasonField, userIdField } from './shared.schema';

/** A grant (amount > 0) or a deduction (amount < 0); a deduction may go below zero only when allowNegative says so. */
export const adjustCreditsInput = z.object({
  actionId: actionIdField,
  userId: userIdField,
  amount: z.number().int({ message: 'The amount must be a whole number of credits.' }),
  reason: reasonField,
  allowNegative: z.boolean().default(false),
});

/** The balance after it (null when the same form already made it). */
export const adjustCreditsOutput = z.object({ repeated: z.boolean(), balance: z.number().int().nullable() });
