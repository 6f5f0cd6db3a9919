/** Legacy: POST /api/get-signedurl {contentType, remoteName, sourceSubfolder, size?} → data.publicUrl, data.signedUrl. */
import { legacyRoute } from '~/server/rest/legacy-adapter';
import { signedUrlInput } from '~/server/routers/upload/signed-url.schema';

// A literal object: Next parses route config statically. The adapter reads the body itself.
export const config = { api: { bodyParser: false } };

export default legacyRoute({
  methods: ['POST'],
  run: async ({ caller, input, requireSignIn }) => {
    // Sign-in before the body's validation, as the procedure itself orders them.
    requireSignIn();
    return { data: await caller.upload.signedUrl(input(signedUrlInput)) };
  },
});
