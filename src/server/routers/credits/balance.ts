import { getBalance } from '~/server/services/credits/ledger';
import { protectedProcedure } from '~/server/trpc/procedures';

export const balance = protectedProcedure.query(async ({ ctx }) => ({ credits: await getBalance(ctx.db, ctx.user.id) }));
