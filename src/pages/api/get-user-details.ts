/** Legacy: POST /api/get-user-details → the signed-in user's id, credits and premium. */
import { legacyApiConfig, legacyRoute } from '~/server/rest/legacy-adapter';

export const config = legacyApiConfig;

export default legacyRoute({
  methods: ['POST'],
  run: async ({ caller }) => ({ data: await caller.user.details() }),
});
