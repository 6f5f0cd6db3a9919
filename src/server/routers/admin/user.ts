import { readUserProfile } from '~/server/services/staff/user-profile';
import { supportProcedure } from '~/server/trpc/procedures';
import { userInput, userOutput } from './user.schema';

/** One user as the console's user page shows them. */
export const user = supportProcedure
  .input(userInput)
  .output(userOutput)
  .query(({ ctx, input }) => readUserProfile(ctx.db, input.userId));
