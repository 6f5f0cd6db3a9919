import { readUserDetails } from '~/server/services/users';
import { protectedProcedure } from '~/server/trpc/procedures';
import { detailsOutput } from './details.schema';

/** id, credits and premium, always read from the database (never from the session token). */
export const details = protectedProcedure
  .meta({ scope: 'read' })
  .output(detailsOutput)
  .query(({ ctx }) => readUserDetails(ctx.db, ctx.user.id));
