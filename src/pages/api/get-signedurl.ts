/** Legacy: POST /api/get-signedurl {contentType, remoteName, sourceSubfolder, size?} → data.publicUrl, data.signedUrl. */
import { legacyRoute } from '~/server/http/legacy-adapter';

// A literal object: Next parses route config statically. The adapter reads the body itself.
export const config = { api: { bodyParser: false } };

export default legacyRoute({
  methods: ['POST'],
  // A signed-in door: sign-in is checked before the body, as the procedure orders them.
  run: async ({ call }) => ({ data: await call('upload.signedUrl') }),
});
