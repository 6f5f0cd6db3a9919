/**
 * Legacy: GET /api/unigen/{id} → the prediction (own, or public). The poll every open page repeats:
 * it runs prediction.get's own input check, resolver and output check without tRPC's middleware
 * chain, which cost about a tenth of a poll's CPU (errors answer exactly as through the procedure).
 */
import { readPrediction } from '~/server/routers/prediction/get';
import { getInput, getOutput } from '~/server/routers/prediction/get.schema';
import { legacyRoute } from '~/server/rest/legacy-adapter';

// A literal object: Next parses route config statically. The adapter reads the body itself.
export const config = { api: { bodyParser: false } };

export default legacyRoute({
  methods: ['GET'],
  run: async ({ context, parse, checkOutput, query }) => ({
    data: checkOutput(getOutput, await readPrediction(context, parse(getInput, { id: String(query.id ?? '') }))),
  }),
});
