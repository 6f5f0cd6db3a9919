/** Legacy: GET /api/random-prompt → {content} (also inside the envelope's data). */
import { legacyApiConfig, legacyRoute } from '~/server/rest/legacy-adapter';

export const config = legacyApiConfig;

export default legacyRoute({
  methods: ['GET'],
  run: async ({ caller }) => {
    const { content } = await caller.generation.randomPrompt();
    return { data: { content }, extra: { content } };
  },
});
