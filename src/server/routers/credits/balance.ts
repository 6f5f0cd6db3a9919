import { getBalance } from '~/server/services/credits/ledger';
import { protectedProcedure } from '~/server/trpc/procedures';
import { balanceOutput } from './balance.schema';

export const balance = protectedProcedure
  .meta({ scope: 'read', openapi: { method: 'GET', path: '/credits', tags: ['Credits'], summary: 'Your credit balance' } })
  .output(balanceOutput)
  .query(async ({ ctx }) => ({ credits: await getBalance(ctx.db, ctx.user.id) }));
