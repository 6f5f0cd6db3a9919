import { localPortalAction as actLocally } from '~/server/services/billing/local-portal';
import { protectedProcedure } from '~/server/trpc/procedures';
import { localPortalActionInput } from './local-portal-action.schema';
import { statusOutput } from './status.schema';

/** The local portal's buttons: cancel at period end, resume, cancel now; answers the new status. */
export const localPortalAction = protectedProcedure
  .input(localPortalActionInput)
  .output(statusOutput)
  .mutation(({ ctx, input }) => actLocally(ctx.db, ctx.user.id, input.action));
