import { z } from 'zod';
import { inputText, RECENT_LIMIT_DEFAULT } from '~/catalogue';

export const listInput = z.object({
  limit: z.number().int().min(1).max(50).default(24),
  cursor: inputText.optional(),
  type: z.enum(['image', 'video', 'text']).optional(),
});

export const recentInput = z
  .object({ limit: z.number().int().min(1).max(RECENT_LIMIT_DEFAULT).default(RECENT_LIMIT_DEFAULT) })
  .default({ limit: RECENT_LIMIT_DEFAULT });
