import { listCallbackEndpoints } from '~/server/services/callbacks/endpoints';
import { protectedProcedure } from '~/server/trpc/procedures';
import { listOutput } from './list.schema';

/** The caller's endpoints, newest first; a disabled one says why. */
export const list = protectedProcedure.output(listOutput).query(async ({ ctx }) => ({ items: await listCallbackEndpoints(ctx.db, ctx.user.id) }));
