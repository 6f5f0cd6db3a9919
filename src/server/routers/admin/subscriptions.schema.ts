import { z } from 'zod';
import { inputText } from '~/catalogue';
import { pageFields } from './shared.schema';

export const subscriptionsInput = z.object({ status: inputText.max(40).optional(), ...pageFields });

export const subscriptionsOutput = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      userId: z.string(),
      userEmail: z.string(),
      status: z.string(),
      premium: z.boolean(),
      cancelAtPeriodEnd: z.boolean(),
      currentPeriodEnd: z.date(),
      createdAt: z.date(),
      stripeUrl: z.string().nullable(),
    }),
  ),
  nextCursor: z.string().nullable(),
});
