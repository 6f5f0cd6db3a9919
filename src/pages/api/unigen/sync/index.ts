/** Legacy synchronous handler: POST /api/unigen/sync → {id, text, user_credits}. */
import { legacyRoute } from '~/server/http/legacy-adapter';

// A literal object: Next parses route config statically. The adapter reads the body itself.
export const config = { api: { bodyParser: false } };

export default legacyRoute({
  methods: ['POST'],
  run: async ({ call }) => {
    const result = await call('generation.runSync');
    return { data: { id: result.id, text: result.text, user_credits: result.user_credits } };
  },
});
