import { AppError } from '~/server/errors';
import { protectedProcedure } from '~/server/trpc/procedures';

/** id, credits and premium, always read from the database (never from the session token). */
export const details = protectedProcedure.query(async ({ ctx }) => {
  const user = await ctx.db.user.findUnique({
    where: { id: ctx.user.id },
    select: { id: true, email: true, name: true, image: true, credits: true, premium: true },
  });
  if (!user) throw new AppError('unauthorized');
  return user;
});
