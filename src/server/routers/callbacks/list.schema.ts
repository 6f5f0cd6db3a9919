import { z } from 'zod';
import { callbackEndpointOutput } from './endpoint.schema';

export const listOutput = z.object({ items: z.array(callbackEndpointOutput) });
