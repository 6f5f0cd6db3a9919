import { revokeApiKey } from '~/server/services/api-keys/keys';
import { protectedProcedure } from '~/server/trpc/procedures';
import { revokeInput, revokeOutput } from './revoke.schema';

/** Revokes one of the caller's keys: every instance refuses it from the next request on. */
export const revoke = protectedProcedure
  .input(revokeInput)
  .output(revokeOutput)
  .mutation(({ ctx, input }) => revokeApiKey(ctx.db, ctx.user.id, input.id));
