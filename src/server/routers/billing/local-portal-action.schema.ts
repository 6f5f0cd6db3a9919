import { z } from 'zod';

/** What Stripe's portal lets a subscriber do, on the local checkout. */
export const localPortalActionInput = z.object({ action: z.enum(['cancel_at_period_end', 'resume', 'cancel_now']) });
