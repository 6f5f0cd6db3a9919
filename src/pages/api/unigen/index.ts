/** Legacy: POST /api/unigen → submit a generation (the route: server/http/submit-route.ts). */
import { submitRoute } from '~/server/http/submit-route';

// A literal object: Next parses route config statically. The adapter reads the body itself.
export const config = { api: { bodyParser: false } };

export default submitRoute;
