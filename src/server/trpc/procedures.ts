/** The three doors: public, protected (signed in) and premium (signed in and premium). */
import { AppError } from '~/server/errors';
import { baseProcedure } from './init';

export const publicProcedure = baseProcedure;

export const protectedProcedure = baseProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new AppError('unauthorized');
  return next({ ctx: { ...ctx, user: ctx.user } });
});

export const premiumProcedure = protectedProcedure.use(async ({ ctx, next }) => {
  // Premium is read from the database on every call, never from the session.
  const row = await ctx.db.user.findUnique({ where: { id: ctx.user.id }, select: { premium: true } });
  if (!row?.premium) throw new AppError('premium_required');
  return next();
});
