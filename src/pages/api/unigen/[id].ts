/** Legacy: GET /api/unigen/{id} → the prediction (own, or public). */
import { legacyRoute } from '~/server/rest/legacy-adapter';

// A literal object: Next parses route config statically. The adapter reads the body itself.
export const config = { api: { bodyParser: false } };

export default legacyRoute({
  methods: ['GET'],
  run: async ({ caller, query }) => ({ data: await caller.prediction.get({ id: String(query.id ?? '') }) }),
});
