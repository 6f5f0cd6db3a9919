import { z } from 'zod';

export const balanceOutput = z.object({ credits: z.number().int() });
