import { createCallbackEndpoint } from '~/server/services/callbacks/endpoints';
import { protectedProcedure } from '~/server/trpc/procedures';
import { createInput, createOutput } from './create.schema';

/** A new endpoint for the caller, its address vetted now; its secret is in this answer only. */
export const create = protectedProcedure
  .input(createInput)
  .output(createOutput)
  .mutation(({ ctx, input }) => createCallbackEndpoint(ctx.db, ctx.user.id, input));
