/** Legacy: GET /api/unigen/{id} → the prediction (own, or public). */
import { legacyApiConfig, legacyRoute } from '~/server/rest/legacy-adapter';

export const config = legacyApiConfig;

export default legacyRoute({
  methods: ['GET'],
  run: async ({ caller, query }) => ({ data: await caller.prediction.get({ id: String(query.id ?? '') }) }),
});
