import { z } from 'zod';
import { inputText } from '~/catalogue';

export const purchasesInput = z.object({
  limit: z.number().int().min(1).max(100).default(20),
  cursor: inputText.optional(),
});

export const purchaseSchema = z.object({
  id: z.string(),
  createdAt: z.date(),
  item: z.string(),
  kind: z.enum(['pack', 'plan']),
  credits: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['paid', 'refunded', 'partially_refunded', 'disputed']),
  receiptUrl: z.string().nullable(),
});

export const purchasesOutput = z.object({ items: z.array(purchaseSchema), nextCursor: z.string().nullable() });
