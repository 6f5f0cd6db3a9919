/** GET /api/creations/archive?ids=a,b,c: the signed-in user's selected creations as one ZIP (src/server/http/archive-route.ts). */
import { archiveRoute } from '~/server/http/archive-route';

// A literal object: Next parses route config statically. A ZIP may exceed Next's 4 MB response warning.
export const config = { api: { responseLimit: false } };

export default archiveRoute;
