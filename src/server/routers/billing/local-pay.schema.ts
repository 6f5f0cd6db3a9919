import { z } from 'zod';
import { inputText } from '~/catalogue';

export const localPayInput = z.object({ sessionId: inputText.min(1).max(255) });

/** Where the browser goes next: /billing/success?session_id=... */
export const localPayOutput = z.object({ successUrl: z.string() });
