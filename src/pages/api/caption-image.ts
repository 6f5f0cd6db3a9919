/** Legacy: POST /api/caption-image → the synchronous captioning model; data {id, text, user_credits}. */
import { legacyRoute } from '~/server/http/legacy-adapter';

// A literal object: Next parses route config statically. The adapter reads the body itself.
export const config = { api: { bodyParser: false } };

export default legacyRoute({
  methods: ['POST'],
  run: async ({ call, bodyWith }) => {
    const result = await call('generation.runSync', bodyWith({ model_id: 'image-caption' }));
    return { data: { id: result.id, text: result.text, user_credits: result.user_credits } };
  },
});
