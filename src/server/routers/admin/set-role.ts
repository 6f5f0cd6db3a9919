import { setRole as changeRole } from '~/server/services/staff/user-actions';
import { adminProcedure } from '~/server/trpc/procedures';
import { setRoleInput, setRoleOutput } from './set-role.schema';

/** Changes a user's role; the last admin cannot give up their own. */
export const setRole = adminProcedure
  .input(setRoleInput)
  .output(setRoleOutput)
  .mutation(async ({ ctx, input }) => ({ repeated: (await changeRole(ctx.db, ctx.staff.user, input)).repeated }));
