/** Our stored objects: GET/HEAD read one, PUT receives a signed local upload (src/server/http/storage-route.ts). */
import { storageRoute } from '~/server/http/storage-route';

// A literal object: Next parses route config statically. Raw PUT body (read with a cap); objects (videos) may exceed Next's 4 MB response warning.
export const config = { api: { bodyParser: false, responseLimit: false } };

export default storageRoute;
