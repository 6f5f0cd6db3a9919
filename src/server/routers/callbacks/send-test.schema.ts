import { z } from 'zod';
import { endpointIdInput } from './endpoint.schema';

export const sendTestInput = endpointIdInput;

/** The test delivery's id: the webhook-id its attempts carry. */
export const sendTestOutput = z.object({ deliveryId: z.string() });
