import { trpc } from '~/utils/trpc';

/** Fetches one random prompt (generation.randomPrompt, the procedure behind GET /api/random-prompt). */
export function useRandomPrompt(): () => Promise<string | null> {
  const utils = trpc.useUtils();
  return async () => {
    const { content } = await utils.client.generation.randomPrompt.query();
    return content.trim() ? content : null;
  };
}
