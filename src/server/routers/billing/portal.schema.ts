import { z } from 'zod';

/** The provider's billing portal, or the local checkout's page standing in for it. */
export const portalOutput = z.object({ url: z.string() });
