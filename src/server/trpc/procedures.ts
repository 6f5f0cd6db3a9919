/** The three doors: public, protected (signed in) and premium (signed in and premium). */
import { signedInAccount } from '~/server/auth/signed-in';
import { AppError } from '~/server/errors';
import { baseProcedure } from './init';

export const publicProcedure = baseProcedure;

export const protectedProcedure = baseProcedure.use(async ({ ctx, next }) => {
  const { user } = await signedInAccount(ctx.db, ctx.user);
  return next({ ctx: { ...ctx, user } });
});

export const premiumProcedure = baseProcedure.use(async ({ ctx, next }) => {
  const { user, premium } = await signedInAccount(ctx.db, ctx.user);
  if (!premium) throw new AppError('premium_required');
  return next({ ctx: { ...ctx, user } });
});
