/** Legacy: GET /api/unigen/{id} → the prediction (own, or public): prediction.get. */
import { legacyRoute } from '~/server/http/legacy-adapter';

// A literal object: Next parses route config statically. The adapter reads the body itself.
export const config = { api: { bodyParser: false } };

export default legacyRoute({
  methods: ['GET'],
  run: async ({ call, query }) => ({ data: await call('prediction.get', { id: String(query.id ?? '') }) }),
});
