import { randomPrompts } from '~/catalogue';
import { publicProcedure } from '~/server/trpc/procedures';
import { randomPromptOutput } from './random-prompt.schema';

/** One of the curated prompts, for the prompt control's generator button. */
export const randomPrompt = publicProcedure
  .meta({ scope: 'read' })
  .output(randomPromptOutput)
  .query(() => ({ content: randomPrompts[Math.floor(Math.random() * randomPrompts.length)] ?? '' }));
