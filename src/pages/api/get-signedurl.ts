/** Legacy: POST /api/get-signedurl {contentType, remoteName, sourceSubfolder, size} → data.publicUrl, data.signedUrl. */
import { legacyApiConfig, legacyRoute } from '~/server/rest/legacy-adapter';
import type { SignedUrlInput } from '~/server/routers/upload/signed-url.schema';

export const config = legacyApiConfig;

export default legacyRoute({
  methods: ['POST'],
  run: async ({ caller, body }) => ({ data: await caller.upload.signedUrl(body as SignedUrlInput) }),
});
