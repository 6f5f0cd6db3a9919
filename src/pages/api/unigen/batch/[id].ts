/** Legacy: GET /api/unigen/batch/{id} → the caller's batch with its items (generation.batch). */
import { legacyRoute } from '~/server/http/legacy-adapter';

// A literal object: Next parses route config statically. The adapter reads the body itself.
export const config = { api: { bodyParser: false } };

export default legacyRoute({
  methods: ['GET'],
  run: async ({ call, query }) => ({ data: await call('generation.batch', { id: String(query.id ?? '') }) }),
});
