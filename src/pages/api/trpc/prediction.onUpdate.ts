/** Live generation updates on a static route of its own (src/server/http/update-stream-route.ts). */
import { updateStreamRoute } from '~/server/http/update-stream-route';

// A literal object: Next parses route config statically. Same as [trpc]: the edge reads the body
// itself. An open stream is answered after the handler returns (externalResolver).
export const config = { api: { bodyParser: false, externalResolver: true } };

export default updateStreamRoute;
