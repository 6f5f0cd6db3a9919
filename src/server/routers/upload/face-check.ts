import { checkPhotoFaces } from '~/server/services/generation/face-photos';
import { protectedProcedure } from '~/server/trpc/procedures';
import { faceCheckInput, faceCheckOutput } from './face-check.schema';

/** The form's early verdict on a photo that must show one face: the same check Generate's admission runs. */
export const faceCheck = protectedProcedure
  .meta({ scope: 'upload' })
  .input(faceCheckInput)
  .output(faceCheckOutput)
  .query(async ({ ctx, input }) => {
    const { status, faces } = await checkPhotoFaces(ctx.db, ctx.user.id, input.url);
    return { status, faces };
  });
