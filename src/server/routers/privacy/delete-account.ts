import { deleteOwnAccount } from '~/server/services/privacy/account-deletion';
import { protectedProcedure } from '~/server/trpc/procedures';
import { deleteAccountInput, deleteAccountOutput } from './delete-account.schema';

/** "Delete my account", confirmed by the caller's e-mail (a wrong one changes nothing). */
export const deleteAccount = protectedProcedure
  .input(deleteAccountInput)
  .output(deleteAccountOutput)
  .mutation(({ ctx, input }) => deleteOwnAccount(ctx.db, ctx.user.id, input.email));
