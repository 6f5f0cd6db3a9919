/**
 * The list reads people repeat most after the generator, each on a route of its own
 * (trpc-query-route.ts): a page of creations (/creations), recent creations (the generator's
 * widget) and the credit history (Account → Credits). Each runs its procedure's door and body.
 */
import { historyInput, historyOutput } from '~/server/routers/credits/history.schema';
import { creationsPage } from '~/server/routers/prediction/list';
import { listInput, listOutput } from '~/server/routers/prediction/list.schema';
import { recentInput, recentOutput } from '~/server/routers/prediction/recent.schema';
import { listCreditHistory } from '~/server/services/credits/history';
import { listRecentCreations } from '~/server/services/generation/recent';
import { premiumCaller, signedInCaller } from '~/server/trpc/procedures';
import { trpcQueryRoute } from './trpc-query-route';

export const creationsListRoute = trpcQueryRoute({
  path: 'prediction.list',
  input: listInput,
  output: listOutput,
  answer: async (ctx, input) => creationsPage(ctx.db, (await signedInCaller(ctx)).id, input),
});

export const recentCreationsRoute = trpcQueryRoute({
  path: 'prediction.recent',
  input: recentInput,
  output: recentOutput,
  answer: async (ctx, input) => listRecentCreations(ctx.db, (await premiumCaller(ctx)).id, input.limit),
});

export const creditHistoryRoute = trpcQueryRoute({
  path: 'credits.history',
  input: historyInput,
  output: historyOutput,
  answer: async (ctx, input) => listCreditHistory(ctx.db, (await signedInCaller(ctx)).id, input),
});
