/** The three doors: public, protected (signed in) and premium (signed in and premium). */
import { AppError } from '~/server/errors';
import type { SessionUser } from './context';
import { baseProcedure } from './init';

export const publicProcedure = baseProcedure;

/** The signed-in caller, or the refusal every signed-in door answers with (REST adapters too). */
export function signedInUser(user: SessionUser | null): SessionUser {
  if (!user) throw new AppError('unauthorized');
  return user;
}

export const protectedProcedure = baseProcedure.use(({ ctx, next }) => next({ ctx: { ...ctx, user: signedInUser(ctx.user) } }));

export const premiumProcedure = protectedProcedure.use(async ({ ctx, next }) => {
  // Premium is read from the database on every call, never from the session.
  const row = await ctx.db.user.findUnique({ where: { id: ctx.user.id }, select: { premium: true } });
  if (!row?.premium) throw new AppError('premium_required');
  return next();
});
