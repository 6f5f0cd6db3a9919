import { z } from 'zod';
import { inputText } from '~/catalogue';
import { CALLBACK_EVENTS } from '~/utils/callback-events';

/** An endpoint as its owner's list shows it: never its secret. */
export const callbackEndpointOutput = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(CALLBACK_EVENTS)),
  createdAt: z.date(),
  failingSince: z.date().nullable(),
  disabledAt: z.date().nullable(),
  disabledReason: z.string().nullable(),
});

export const endpointIdInput = z.object({ id: inputText.min(1).max(64) });
