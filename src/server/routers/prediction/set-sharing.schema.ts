import { z } from 'zod';
import { generationIdInput } from '../ids.schema';

export const setSharingInput = generationIdInput.extend({ isPublic: z.boolean().optional(), promptHidden: z.boolean().optional() });
/** review: what moderation tells the owner ('waiting' for review, 'removed'), or null. */
export const setSharingOutput = z.object({ id: z.string(), isPublic: z.boolean(), promptHidden: z.boolean(), review: z.enum(['waiting', 'removed']).nullable() });
