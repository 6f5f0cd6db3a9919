import { z } from 'zod';

/** An app card: its models and default model (tool-catalogue §2). */
export const appsOutput = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    modelIds: z.array(z.string()),
    defaultModelId: z.string(),
    category: z.string().optional(),
  }),
);
