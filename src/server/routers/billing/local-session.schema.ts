import { z } from 'zod';
import { checkoutSessionId } from './confirm.schema';

export const localSessionInput = z.object({ sessionId: checkoutSessionId });

/** A local checkout session, as its page shows it (no money moves). */
export const localSessionOutput = z.object({
  id: z.string(),
  item: z.string(),
  kind: z.enum(['pack', 'plan']),
  credits: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  state: z.enum(['open', 'complete', 'expired']),
  successUrl: z.string(),
  cancelUrl: z.string(),
});
