import { z } from 'zod';
import { inputText } from '~/catalogue';

/** An export as the page shows it: its state, progress, and the signed URL while it is ready. */
export const exportOutput = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'ready', 'failed', 'expired']),
  done: z.number().int(),
  total: z.number().int(),
  createdAt: z.date(),
  readyAt: z.date().nullable(),
  expiresAt: z.date().nullable(),
  size: z.number().nullable(),
  downloadUrl: z.string().nullable(),
});

export const exportInput = z.object({ id: inputText.min(1).max(64) });
