/**
 * Legacy: POST /api/unigen → submit a generation; data {id, status, outputNum, user_credits}. 402
 * when credits are short. The body is generation.submit's input. It lives at the edge, not in its
 * pages/api file, because the production server answers it before Next (direct-routes.ts): it
 * reads its own body, and its session from the Cookie header.
 */
import { legacyRoute } from './legacy-adapter';

export const submitRoute = legacyRoute({
  methods: ['POST'],
  run: async ({ call }) => {
    const result = await call('generation.submit');
    return { data: { id: result.id, status: result.status, outputNum: result.outputNum, user_credits: result.user_credits } };
  },
});
