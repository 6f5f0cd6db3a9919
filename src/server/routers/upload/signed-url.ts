import { createSignedUpload } from '~/server/services/storage/uploads';
import { protectedProcedure } from '~/server/trpc/procedures';
import { signedUrlInput, signedUrlOutput } from './signed-url.schema';

/** A signed PUT URL for one image of the caller's, and the public URL it will be readable at. */
export const signedUrl = protectedProcedure
  .meta({ scope: 'upload', openapi: { method: 'POST', path: '/uploads', tags: ['Uploads'], summary: 'Sign an upload', description: 'A URL to PUT one image to (JPEG, PNG or WebP, at most 5 MB, with its Content-Type), and the public URL to name it by in a generate request.' } })
  .input(signedUrlInput)
  .output(signedUrlOutput)
  .mutation(async ({ ctx, input }) => {
    const { publicUrl, signedUrl: url } = await createSignedUpload(ctx.db, ctx.user.id, input);
    return { publicUrl, signedUrl: url };
  });
