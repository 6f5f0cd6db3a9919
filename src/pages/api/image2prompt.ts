/** Legacy: POST /api/image2prompt → the synchronous image-to-prompt model; data {id, text, user_credits}. */
import { legacyApiConfig, legacyRoute } from '~/server/rest/legacy-adapter';

export const config = legacyApiConfig;

export default legacyRoute({
  methods: ['POST'],
  run: async ({ caller, body }) => {
    const result = await caller.generation.runSync({ ...(body as object), model_id: 'image-to-prompt' } as never);
    return { data: { id: result.id, text: result.text, user_credits: result.user_credits } };
  },
});
