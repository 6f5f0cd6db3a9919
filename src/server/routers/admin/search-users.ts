import { searchUsers as search } from '~/server/services/staff/user-search';
import { supportProcedure } from '~/server/trpc/procedures';
import { searchUsersInput, searchUsersOutput } from './search-users.schema';

/** Users whose id is the query, or whose e-mail or name contains it. */
export const searchUsers = supportProcedure
  .input(searchUsersInput)
  .output(searchUsersOutput)
  .query(({ ctx, input }) => search(ctx.db, input.query));
