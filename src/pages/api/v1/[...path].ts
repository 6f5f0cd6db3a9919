/** /api/v1: the REST API generated from the procedures, and its OpenAPI document (server/http/api-v1-route.ts). */
import { apiV1Route } from '~/server/http/api-v1-route';

// A literal object: Next parses route config statically. The edge reads the body itself (capped).
export const config = { api: { bodyParser: false } };

export default apiV1Route;
