import { z } from 'zod';
import { inputText } from '~/catalogue';

/** A pack id or the plan id: the price is always the server's (services/billing/catalogue.ts). */
export const checkoutInput = z.object({ item: inputText.max(100) });

/** Where the browser goes: the provider's hosted checkout, or the local checkout page. */
export const checkoutOutput = z.object({ url: z.string() });
