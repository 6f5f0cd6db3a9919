import { z } from 'zod';
import { inputText } from '~/catalogue';
import { CALLBACK_EVENTS } from '~/utils/callback-events';
import { callbackEndpointOutput } from './endpoint.schema';

export const createInput = z.object({
  url: inputText.trim().min(1, 'Enter the endpoint’s URL.').max(2000, 'The URL has at most 2000 characters.'),
  events: z.array(z.enum(CALLBACK_EVENTS)).min(1, 'Choose at least one event.'),
});

/** The new endpoint, and its signing secret: the only time the secret is ever shown. */
export const createOutput = z.object({ endpoint: callbackEndpointOutput, secret: z.string() });
