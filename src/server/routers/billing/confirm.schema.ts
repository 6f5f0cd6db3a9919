import { z } from 'zod';
import { inputText } from '~/catalogue';

/** A checkout session's id as the provider (or the local checkout) makes them: cs_..., letters, digits and _. */
export const checkoutSessionId = inputText.max(255).regex(/^cs_[A-Za-z0-9_]+$/, 'Not a checkout session id.');

/** The checkout session the success page came back with (?session_id=...). */
export const confirmInput = z.object({ sessionId: checkoutSessionId });

export const confirmOutput = z.object({
  /** granted: the credits are in (now or before); pending: a delayed payment method; unpaid: nothing paid. */
  state: z.enum(['granted', 'pending', 'unpaid']),
  /** The credits this payment gave (0 unless granted). */
  credits: z.number().int(),
  /** The caller's balance now. */
  balance: z.number().int(),
  item: z.string(),
});
