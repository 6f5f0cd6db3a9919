import type { z } from 'zod';
import { predictionSchema } from '~/server/services/generation/present';
import { checkedOnce } from '~/server/trpc/checked-once';
import { generationIdInput } from '../ids.schema';

export const getInput = generationIdInput;
export type GetInput = z.output<typeof getInput>;

/** The poll path: a cached (frozen) prediction is checked once, not on every poll. */
export const getOutput = checkedOnce(predictionSchema);
