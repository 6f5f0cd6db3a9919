import { z } from 'zod';
import { actionIdField, reasonField } from './shared.schema';

/** The same bounds as the command's --days. */
export const reconcilePaymentsInput = z.object({
  actionId: actionIdField,
  days: z.number().int({ message: 'The number of days must be a whole number.' }).min(1, { message: 'The number of days must be 1 or more.' }).max(365, { message: 'The number of days must be at most 365.' }),
  reason: reasonField,
});

/** What the command prints, line for line, and how many payments it had to refuse. */
export const reconcilePaymentsOutput = z.object({ repeated: z.boolean(), lines: z.array(z.string()), refused: z.number().int() });
