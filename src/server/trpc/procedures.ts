/**
 * The doors: public, protected (signed in), premium (signed in and premium), and the console's two
 * (support, and admin, which covers support). A caller without the role is answered exactly as a
 * path with no procedure, before the input is read: the console's procedures tell an outsider
 * nothing, not even that they exist (over HTTP the route answers such a caller from the router
 * without them: src/server/http/trpc-route.ts).
 */
import type { SessionUser } from '~/server/auth/session-user';
import { signedInAccount } from '~/server/auth/signed-in';
import { staffAccount } from '~/server/auth/staff';
import { AppError } from '~/server/errors';
import type { StaffRole } from '~/utils/staff-roles';
import type { InnerContext } from './context';
import { baseProcedure, TRPCError } from './init';

export const publicProcedure = baseProcedure;

/** The protected door: the signed-in caller, or the error that refuses the call. */
export async function signedInCaller(ctx: InnerContext): Promise<SessionUser> {
  return (await signedInAccount(ctx.db, ctx.user, ctx.account)).user;
}

/** The premium door: the signed-in premium caller, or the error that refuses the call. */
export async function premiumCaller(ctx: InnerContext): Promise<SessionUser> {
  const { user, premium } = await signedInAccount(ctx.db, ctx.user, ctx.account);
  if (!premium) throw new AppError('premium_required');
  return user;
}

export const protectedProcedure = baseProcedure.use(async ({ ctx, next }) => next({ ctx: { ...ctx, user: await signedInCaller(ctx) } }));

export const premiumProcedure = baseProcedure.use(async ({ ctx, next }) => next({ ctx: { ...ctx, user: await premiumCaller(ctx) } }));

/** tRPC's own answer for a path that names no procedure. */
export function noProcedureAt(path: string): TRPCError {
  return new TRPCError({ code: 'NOT_FOUND', message: `No procedure found on path "${path}"` });
}

function staffProcedure(needed: StaffRole) {
  return baseProcedure.use(async ({ ctx, path, next }) => {
    const staff = await staffAccount(ctx.db, ctx.user, needed);
    if (!staff) throw noProcedureAt(path);
    return next({ ctx: { ...ctx, user: staff.user, staff } });
  });
}

export const supportProcedure = staffProcedure('support');
export const adminProcedure = staffProcedure('admin');
