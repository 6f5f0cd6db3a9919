/** Legacy synchronous handler's credit check: POST /api/unigen/sync/check → {success, message, error, credits}. */
import { legacyRoute } from '~/server/http/legacy-adapter';

// A literal object: Next parses route config statically. The adapter reads the body itself.
export const config = { api: { bodyParser: false } };

export default legacyRoute({
  methods: ['POST'],
  run: async ({ call }) => {
    const result = await call('generation.checkSync');
    return { success: result.success, data: { credits: result.credits }, message: result.message, error: result.error, extra: { credits: result.credits } };
  },
});
