import { enableCallbackEndpoint } from '~/server/services/callbacks/endpoints';
import { protectedProcedure } from '~/server/trpc/procedures';
import { enableInput, enableOutput } from './enable.schema';

/** Turns one of the caller's disabled endpoints back on, with its URL and secret unchanged. */
export const enable = protectedProcedure
  .input(enableInput)
  .output(enableOutput)
  .mutation(({ ctx, input }) => enableCallbackEndpoint(ctx.db, ctx.user.id, input.id));
