/** The tRPC endpoint (src/server/http/trpc-route.ts). */
import { trpcRoute } from '~/server/http/trpc-route';

// A literal object: Next parses route config statically. The edge reads the body itself (capped).
export const config = { api: { bodyParser: false } };

export default trpcRoute;
