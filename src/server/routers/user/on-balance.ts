import { followBalance } from '~/server/services/credits/balance-updates';
import { protectedProcedure } from '~/server/trpc/procedures';
import { onBalanceOutput } from './on-balance.schema';

/** Pushes the caller's balance when staff change it (server-sent events over tRPC). */
export const onBalance = protectedProcedure.output(onBalanceOutput).subscription(({ ctx, signal }) => followBalance(ctx.db, ctx.user.id, signal));
