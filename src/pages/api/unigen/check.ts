/** Legacy: POST /api/unigen/check → {success, error, message, data.credits}. */
import { legacyRoute } from '~/server/http/legacy-adapter';

// A literal object: Next parses route config statically. The adapter reads the body itself.
export const config = { api: { bodyParser: false } };

export default legacyRoute({
  methods: ['POST'],
  run: async ({ call }) => {
    const result = await call('generation.check');
    return { success: result.success, data: { credits: result.credits }, message: result.message, error: result.error };
  },
});
