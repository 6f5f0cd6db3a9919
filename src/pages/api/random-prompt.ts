/** Legacy: GET /api/random-prompt → {content} (also inside the envelope's data). */
import { legacyRoute } from '~/server/http/legacy-adapter';

// A literal object: Next parses route config statically. The adapter reads the body itself.
export const config = { api: { bodyParser: false } };

export default legacyRoute({
  methods: ['GET'],
  run: async ({ call }) => {
    const { content } = await call('generation.randomPrompt');
    return { data: { content }, extra: { content } };
  },
});
