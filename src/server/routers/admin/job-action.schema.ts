/** The input every job action takes (cancel, refund, re-run): which job, which form, why. */
import { z } from 'zod';
import { inputText } from '~/catalogue';
import { actionIdField, reasonField } from './shared.schema';

export const jobActionInput = z.object({ actionId: actionIdField, generationId: inputText.min(1).max(64), reason: reasonField });
