/** Legacy synchronous handler's credit check: POST /api/unigen/sync/check → {success, message, error, credits}. */
import { legacyApiConfig, legacyRoute } from '~/server/rest/legacy-adapter';

export const config = legacyApiConfig;

export default legacyRoute({
  methods: ['POST'],
  run: async ({ caller, body }) => {
    const result = await caller.generation.checkSync(body as never);
    return { success: result.success, data: { credits: result.credits }, message: result.message, error: result.error, extra: { credits: result.credits } };
  },
});
