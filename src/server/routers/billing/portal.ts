import { openPortal } from '~/server/services/billing/portal';
import { protectedProcedure } from '~/server/trpc/procedures';
import { portalOutput } from './portal.schema';

/** "Manage subscription" (refused in maintenance; 503 when purchases are off). */
export const portal = protectedProcedure.output(portalOutput).mutation(({ ctx }) => openPortal(ctx.db, ctx.user.id));
