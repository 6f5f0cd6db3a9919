import { listApiKeys } from '~/server/services/api-keys/keys';
import { protectedProcedure } from '~/server/trpc/procedures';
import { listOutput } from './list.schema';

/** The caller's keys, newest first, with when each was last used and what it spent this month. */
export const list = protectedProcedure.output(listOutput).query(async ({ ctx }) => ({ items: await listApiKeys(ctx.db, ctx.user.id) }));
