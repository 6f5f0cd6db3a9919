import { z } from 'zod';
import { MODERATION_DECISIONS } from '~/server/services/moderation/decisions';
import { generationIdInput } from '../ids.schema';
import { actionIdField, actionOutput, reasonField } from './shared.schema';

/** A moderator's decision on a creation, with its reason (the audit log records both). */
export const moderateInput = z.object({ actionId: actionIdField, generationId: generationIdInput.shape.id, decision: z.enum(MODERATION_DECISIONS), reason: reasonField });

export const moderateOutput = actionOutput;
