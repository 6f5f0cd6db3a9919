import { z } from 'zod';
import { inputText } from '~/catalogue';
import { predictionSchema } from '~/server/services/generation/present';
import { eachYield } from '~/server/trpc/each-yield';

/** The generations to follow (all of the caller's when omitted). */
export const onUpdateInput = z.object({ ids: z.array(inputText.max(64)).max(50).optional() }).optional();

/** Each pushed value is the generation's prediction, as prediction.get answers it. */
export const onUpdateOutput = eachYield(predictionSchema);
