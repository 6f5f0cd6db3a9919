import { z } from 'zod';
import { generateRequestSchema } from '~/server/services/generation/request';

export const submitInput = generateRequestSchema;

export const checkInput = generateRequestSchema.extend({ skip_credit_check: z.boolean().optional() });
