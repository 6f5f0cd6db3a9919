/**
 * Legacy: POST /api/unigen → submit a generation; data {id, status, outputNum, user_credits}. 402
 * when credits are short. Runs generation.submit's own input check, resolver and output check
 * without tRPC's middleware chain (errors answer exactly as through the procedure).
 */
import { legacyRoute } from '~/server/rest/legacy-adapter';
import { runSubmit } from '~/server/routers/generation/submit';
import { submitInput, submitOutput } from '~/server/routers/generation/submit.schema';

// A literal object: Next parses route config statically. The adapter reads the body itself.
export const config = { api: { bodyParser: false } };

export default legacyRoute({
  methods: ['POST'],
  run: async ({ context, input, checkOutput }) => {
    const result = checkOutput(submitOutput, await runSubmit(context, input(submitInput)));
    return { data: { id: result.id, status: result.status, outputNum: result.outputNum, user_credits: result.user_credits } };
  },
});
