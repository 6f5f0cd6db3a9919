import { z } from 'zod';
import { inputText } from '~/catalogue';

/** The checkout session the success page came back with (?session_id=...). */
export const confirmInput = z.object({ sessionId: inputText.min(1).max(255) });

export const confirmOutput = z.object({
  /** granted: the credits are in (now or before); pending: a delayed payment method; unpaid: nothing paid. */
  state: z.enum(['granted', 'pending', 'unpaid']),
  /** The credits this payment gave (0 unless granted). */
  credits: z.number().int(),
  /** The caller's balance now. */
  balance: z.number().int(),
  item: z.string(),
});
