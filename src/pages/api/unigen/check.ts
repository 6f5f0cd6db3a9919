/** Legacy: POST /api/unigen/check → {success, error, message, data.credits}. */
import { legacyRoute } from '~/server/rest/legacy-adapter';
import { checkInput } from '~/server/routers/generation/check.schema';

// A literal object: Next parses route config statically. The adapter reads the body itself.
export const config = { api: { bodyParser: false } };

export default legacyRoute({
  methods: ['POST'],
  run: async ({ caller, input }) => {
    const result = await caller.generation.check(input(checkInput));
    return { success: result.success, data: { credits: result.credits }, message: result.message, error: result.error };
  },
});
