import { listCreditHistory } from '~/server/services/credits/history';
import { supportProcedure } from '~/server/trpc/procedures';
import { userLedgerInput, userLedgerOutput } from './user-ledger.schema';

/** A user's ledger, newest first, as they see it themselves (credits.history). */
export const userLedger = supportProcedure
  .input(userLedgerInput)
  .output(userLedgerOutput)
  .query(({ ctx, input }) => listCreditHistory(ctx.db, input.userId, input));
