/** Legacy: GET /api/image-proxy?imageUrl= → the image as a same-origin blob (used by the mask editor). */
import { legacyMediaRoute } from '~/server/http/legacy-adapter';

// A literal object: Next parses route config statically. Images up to the proxy's 10 MB cap pass
// through (over Next's 4 MB response warning).
export const config = { api: { responseLimit: false } };

export default legacyMediaRoute({
  run: ({ call, query, requestOrigins }) =>
    call('media.proxyImage', { imageUrl: typeof query.imageUrl === 'string' ? query.imageUrl : undefined, ownOrigins: requestOrigins }),
});
