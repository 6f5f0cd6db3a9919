import { z } from 'zod';
import { actionIdField, reasonField, userIdField } from './shared.schema';

export const deleteUserInput = z.object({ actionId: actionIdField, userId: userIdField, reason: reasonField });

/** Whether this request made the deletion or found it made, and where it stands (deleted, or its files still being removed). */
export const deleteUserOutput = z.object({ repeated: z.boolean(), status: z.enum(['deleting', 'deleted']).nullable() });
