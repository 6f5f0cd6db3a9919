/** Legacy: POST /api/unigen → submit a generation; data {id, status, outputNum, user_credits}. 402 when credits are short. */
import { legacyRoute } from '~/server/rest/legacy-adapter';
import { submitInput } from '~/server/routers/generation/submit.schema';

// A literal object: Next parses route config statically. The adapter reads the body itself.
export const config = { api: { bodyParser: false } };

export default legacyRoute({
  methods: ['POST'],
  run: async ({ caller, input }) => {
    const result = await caller.generation.submit(input(submitInput));
    return { data: { id: result.id, status: result.status, outputNum: result.outputNum, user_credits: result.user_credits } };
  },
});
