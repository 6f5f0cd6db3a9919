/** A page of creations on a static route of its own (src/server/http/list-query-routes.ts). */
import { creationsListRoute } from '~/server/http/list-query-routes';

// A literal object: Next parses route config statically. Same as [trpc]: the edge reads the body itself.
export const config = { api: { bodyParser: false } };

export default creationsListRoute;
