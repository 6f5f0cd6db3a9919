import { listCallbackAttempts } from '~/server/services/callbacks/endpoints';
import { protectedProcedure } from '~/server/trpc/procedures';
import { attemptsInput, attemptsOutput } from './attempts.schema';

/** The last 100 attempts to one of the caller's endpoints, newest first. */
export const attempts = protectedProcedure
  .input(attemptsInput)
  .output(attemptsOutput)
  .query(async ({ ctx, input }) => ({ items: await listCallbackAttempts(ctx.db, ctx.user.id, input.id) }));
