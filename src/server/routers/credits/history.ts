import { listCreditHistory } from '~/server/services/credits/history';
import { protectedProcedure } from '~/server/trpc/procedures';
import { historyInput, historyOutput } from './history.schema';

/** The caller's ledger rows, newest first, cursor-paginated. */
export const history = protectedProcedure
  .meta({ scope: 'read', openapi: { method: 'GET', path: '/credits/history', tags: ['Credits'], summary: 'Your credit movements', description: 'Newest first; pass nextCursor as cursor for the next page.' } })
  .input(historyInput)
  .output(historyOutput)
  .query(({ ctx, input }) => listCreditHistory(ctx.db, ctx.user.id, input));
