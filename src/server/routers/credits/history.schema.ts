import { z } from 'zod';
import { inputText } from '~/catalogue';

export const historyInput = z.object({
  limit: z.number().int().min(1).max(100).default(20),
  cursor: inputText.optional(),
});
