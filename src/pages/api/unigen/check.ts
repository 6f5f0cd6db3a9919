/** Legacy: POST /api/unigen/check → {success, error, message, data.credits}. */
import { legacyApiConfig, legacyRoute } from '~/server/rest/legacy-adapter';

export const config = legacyApiConfig;

export default legacyRoute({
  methods: ['POST'],
  run: async ({ caller, body }) => {
    const result = await caller.generation.check(body as never);
    return { success: result.success, data: { credits: result.credits }, message: result.message, error: result.error };
  },
});
