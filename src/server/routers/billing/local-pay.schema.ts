import { z } from 'zod';
import { checkoutSessionId } from './confirm.schema';

export const localPayInput = z.object({ sessionId: checkoutSessionId });

/** Where the browser goes next: /billing/success?session_id=... */
export const localPayOutput = z.object({ successUrl: z.string() });
