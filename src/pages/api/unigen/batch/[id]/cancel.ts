/** Legacy: POST /api/unigen/batch/{id}/cancel → cancels the batch (generation.cancelBatch) and answers it. */
import { legacyRoute } from '~/server/http/legacy-adapter';

// A literal object: Next parses route config statically. The adapter reads the body itself.
export const config = { api: { bodyParser: false } };

export default legacyRoute({
  methods: ['POST'],
  run: async ({ call, query }) => ({ data: await call('generation.cancelBatch', { id: String(query.id ?? '') }) }),
});
