import { z } from 'zod';
import { eachYield } from '~/server/trpc/each-yield';

/** What each push carries: the caller's balance after a change. */
export const balancePushSchema = z.object({ credits: z.number().int() });

export const onBalanceOutput = eachYield(balancePushSchema);
