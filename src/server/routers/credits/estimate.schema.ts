import { z } from 'zod';
import { generateRequestSchema } from '~/server/services/generation/request';

/** A generate request, complete or not: the footer prices a form while it is being filled in. */
export const estimateInput = generateRequestSchema;

export const estimateOutput = z.object({ credits: z.number().int(), waitSeconds: z.number(), estimatedSeconds: z.number() });
