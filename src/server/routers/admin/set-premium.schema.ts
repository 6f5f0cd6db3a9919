import { z } from 'zod';
import { actionIdField, actionOutput, reasonField, userIdField } from './shared.schema';

/** Premium by hand: on (until a date, or until taken back) or off. */
export const setPremiumInput = z.object({ actionId: actionIdField, userId: userIdField, on: z.boolean(), until: z.date().nullable().default(null), reason: reasonField });

export const setPremiumOutput = actionOutput;
