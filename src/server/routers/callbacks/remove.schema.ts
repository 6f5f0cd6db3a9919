import { z } from 'zod';
import { endpointIdInput } from './endpoint.schema';

export const removeInput = endpointIdInput;

export const removeOutput = z.object({ removed: z.literal(true) });
