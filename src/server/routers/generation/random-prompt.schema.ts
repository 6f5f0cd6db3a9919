import { z } from 'zod';

export const randomPromptOutput = z.object({ content: z.string() });
