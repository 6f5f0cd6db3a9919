import { z } from 'zod';
import { inputText } from '~/catalogue';

/** The person types their e-mail to confirm. */
export const deleteAccountInput = z.object({ email: inputText.trim().min(1).max(254) });

/** deleted: nothing of theirs is left; deleting: the rest of their files are being removed. */
export const deleteAccountOutput = z.object({ status: z.enum(['deleting', 'deleted']) });
