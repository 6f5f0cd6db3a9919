import { z } from 'zod';
import { RECENT_LIMIT_DEFAULT } from '~/catalogue';
import { predictionSchema } from '~/server/services/generation/present';

export const recentInput = z
  .object({ limit: z.number().int().min(1).max(RECENT_LIMIT_DEFAULT).default(RECENT_LIMIT_DEFAULT) })
  .default({ limit: RECENT_LIMIT_DEFAULT });

export const recentOutput = z.array(predictionSchema.extend({ promptHidden: z.boolean() }));
