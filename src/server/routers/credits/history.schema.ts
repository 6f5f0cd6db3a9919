import { z } from 'zod';
import { inputText } from '~/catalogue';

export const historyInput = z.object({
  limit: z.number().int().min(1).max(100).default(20),
  cursor: inputText.optional(),
});

/** One movement of the ledger, as the caller sees it. */
export const ledgerEntryOutput = z.object({
  id: z.string(),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  reason: z.string(),
  note: z.string().nullable(),
  generationId: z.string().nullable(),
  createdAt: z.date(),
});

export const historyOutput = z.object({ items: z.array(ledgerEntryOutput), nextCursor: z.string().nullable() });
