import { deleteUserAccount } from '~/server/services/staff/delete-user';
import { adminProcedure } from '~/server/trpc/procedures';
import { deleteUserInput, deleteUserOutput } from './delete-user.schema';

/** Deletes an account as its owner's own deletion does (Account → Privacy), with the reason in the audit log. */
export const deleteUser = adminProcedure
  .input(deleteUserInput)
  .output(deleteUserOutput)
  .mutation(async ({ ctx, input }) => {
    const outcome = await deleteUserAccount(ctx.db, ctx.staff.user, input);
    return { repeated: outcome.repeated, status: outcome.repeated ? null : outcome.result.status };
  });
