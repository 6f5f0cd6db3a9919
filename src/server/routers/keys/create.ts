import { createApiKey } from '~/server/services/api-keys/keys';
import { protectedProcedure } from '~/server/trpc/procedures';
import { createInput, createOutput } from './create.schema';

/** A new key for the caller (at most 20 active); its secret is in this answer only. */
export const create = protectedProcedure
  .input(createInput)
  .output(createOutput)
  .mutation(({ ctx, input }) => createApiKey(ctx.db, ctx.user.id, input));
