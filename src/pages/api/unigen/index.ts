/**
 * Legacy: POST /api/unigen → submit a generation; data {id, status, outputNum, user_credits}. 402
 * when credits are short. The body is generation.submit's input.
 */
import { legacyRoute } from '~/server/http/legacy-adapter';

// A literal object: Next parses route config statically. The adapter reads the body itself.
export const config = { api: { bodyParser: false } };

export default legacyRoute({
  methods: ['POST'],
  run: async ({ call }) => {
    const result = await call('generation.submit');
    return { data: { id: result.id, status: result.status, outputNum: result.outputNum, user_credits: result.user_credits } };
  },
});
