/** Legacy: POST /api/unigen → submit a generation; data {id, status, outputNum, user_credits}. 402 when credits are short. */
import { legacyApiConfig, legacyRoute } from '~/server/rest/legacy-adapter';

export const config = legacyApiConfig;

export default legacyRoute({
  methods: ['POST'],
  run: async ({ caller, body }) => {
    const result = await caller.generation.submit(body as never);
    return { data: { id: result.id, status: result.status, outputNum: result.outputNum, user_credits: result.user_credits } };
  },
});
