import { z } from 'zod';
import { inputText } from '~/catalogue';
import { pageFields } from './shared.schema';

export const purchasesInput = z.object({ status: inputText.max(40).optional(), ...pageFields });

export const purchasesOutput = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      userId: z.string(),
      userEmail: z.string(),
      kind: z.string(),
      item: z.string(),
      credits: z.number().int(),
      amount: z.number().int(),
      amountRefunded: z.number().int(),
      currency: z.string(),
      status: z.string(),
      createdAt: z.date(),
      stripeUrl: z.string().nullable(),
    }),
  ),
  nextCursor: z.string().nullable(),
});
