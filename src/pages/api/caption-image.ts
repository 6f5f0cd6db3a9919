/** Legacy: POST /api/caption-image → the synchronous captioning model; data {id, text, user_credits}. */
import { legacyRoute } from '~/server/rest/legacy-adapter';

// A literal object: Next parses route config statically. The adapter reads the body itself.
export const config = { api: { bodyParser: false } };

export default legacyRoute({
  methods: ['POST'],
  run: async ({ caller, body }) => {
    const result = await caller.generation.runSync({ ...(body as object), model_id: 'image-caption' } as never);
    return { data: { id: result.id, text: result.text, user_credits: result.user_credits } };
  },
});
