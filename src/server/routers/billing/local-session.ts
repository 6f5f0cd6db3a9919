import { readLocalSession } from '~/server/services/billing/local-checkout';
import { protectedProcedure } from '~/server/trpc/procedures';
import { localSessionInput, localSessionOutput } from './local-session.schema';

/** The caller's local checkout session (only while the local checkout is on). */
export const localSession = protectedProcedure
  .input(localSessionInput)
  .output(localSessionOutput)
  .query(({ ctx, input }) => readLocalSession(ctx.db, ctx.user.id, input.sessionId));
