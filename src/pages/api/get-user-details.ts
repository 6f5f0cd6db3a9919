/** Legacy: POST /api/get-user-details → the signed-in user's id, credits and premium. */
import { legacyRoute } from '~/server/http/legacy-adapter';

// A literal object: Next parses route config statically. The adapter reads the body itself.
export const config = { api: { bodyParser: false } };

export default legacyRoute({
  methods: ['POST'],
  run: async ({ call }) => ({ data: await call('user.details') }),
});
