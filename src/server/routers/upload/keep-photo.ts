import { setPhotoKept } from '~/server/services/storage/keep-photo';
import { protectedProcedure } from '~/server/trpc/procedures';
import { keepPhotoInput, keepPhotoOutput } from './keep-photo.schema';

/** The portrait form's "keep this photo for next time". */
export const keepPhoto = protectedProcedure
  .input(keepPhotoInput)
  .output(keepPhotoOutput)
  .mutation(({ ctx, input }) => setPhotoKept(ctx.db, ctx.user.id, input.url, input.keep));
