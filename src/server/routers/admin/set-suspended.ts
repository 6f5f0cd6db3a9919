import { setSuspended as suspend } from '~/server/services/staff/user-actions';
import { adminProcedure } from '~/server/trpc/procedures';
import { setSuspendedInput, setSuspendedOutput } from './set-suspended.schema';

/** Suspends an account (its sessions, sign-in, generate and buy refused) or lifts the suspension. */
export const setSuspended = adminProcedure
  .input(setSuspendedInput)
  .output(setSuspendedOutput)
  .mutation(async ({ ctx, input }) => ({ repeated: (await suspend(ctx.db, ctx.staff.user, input)).repeated }));
