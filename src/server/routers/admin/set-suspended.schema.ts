import { z } from 'zod';
import { actionIdField, actionOutput, reasonField, userIdField } from './shared.schema';

export const setSuspendedInput = z.object({ actionId: actionIdField, userId: userIdField, suspended: z.boolean(), reason: reasonField });

export const setSuspendedOutput = actionOutput;
