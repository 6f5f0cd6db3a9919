import { getBalance } from '~/server/services/credits/ledger';
import { protectedProcedure } from '~/server/trpc/procedures';
import { balanceOutput } from './balance.schema';

export const balance = protectedProcedure.output(balanceOutput).query(async ({ ctx }) => ({ credits: await getBalance(ctx.db, ctx.user.id) }));
