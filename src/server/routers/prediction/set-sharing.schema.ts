import { z } from 'zod';
import { generationIdInput } from '../ids.schema';

export const setSharingInput = generationIdInput.extend({ isPublic: z.boolean().optional(), promptHidden: z.boolean().optional() });
export const setSharingOutput = z.object({ id: z.string(), isPublic: z.boolean(), promptHidden: z.boolean() });
