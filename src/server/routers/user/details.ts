import { AppError } from '~/server/errors';
import { protectedProcedure } from '~/server/trpc/procedures';
import { detailsOutput } from './details.schema';

/** id, credits and premium, always read from the database (never from the session token). */
export const details = protectedProcedure.output(detailsOutput).query(async ({ ctx }) => {
  const user = await ctx.db.user.findUnique({
    where: { id: ctx.user.id },
    select: { id: true, email: true, name: true, image: true, credits: true, premium: true },
  });
  if (!user) throw new AppError('unauthorized');
  return user;
});
