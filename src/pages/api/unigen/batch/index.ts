/**
 * Legacy: POST /api/unigen/batch → submit a batch (generation.submitBatch): the fields of
 * /api/unigen plus `prompts` and `variations`, idempotency_key keying the whole batch; data
 * {batch_id, ids, user_credits}. 402 with the total when credits are short, nothing charged.
 */
import { legacyRoute } from '~/server/http/legacy-adapter';

// A literal object: Next parses route config statically. The adapter reads the body itself.
export const config = { api: { bodyParser: false } };

export default legacyRoute({
  methods: ['POST'],
  run: async ({ call }) => ({ data: await call('generation.submitBatch') }),
});
