/**
 * The list reads people repeat most after the generator, each on a route of its own
 * (trpc-query-route.ts): a page of creations (/creations), recent creations (the generator's
 * widget) and the credit history (Account → Credits). Each runs its procedure's door and body.
 */
import { historyInput, historyOutput } from '~/server/routers/credits/history.schema';
import { creationsPage } from '~/server/services/creations/page';
import { listInput, listOutput } from '~/server/routers/prediction/list.schema';
import { recentInput, recentOutput } from '~/server/routers/prediction/recent.schema';
import { listCreditHistory } from '~/server/services/credits/history';
import { listRecentCreations } from '~/server/services/generation/recent';
import { premiumCaller, signedInCaller } from '~/server/trpc/procedures';
import { directQueryRoute, queryRoute, trpcQueryRoute } from './trpc-query-route';

const creationsList = queryRoute({
  path: 'prediction.list',
  input: listInput,
  output: listOutput,
  answer: async (ctx, input) => creationsPage(ctx.db, (await signedInCaller(ctx)).id, input),
});

const recentCreations = queryRoute({
  path: 'prediction.recent',
  input: recentInput,
  output: recentOutput,
  answer: async (ctx, input) => listRecentCreations(ctx.db, (await premiumCaller(ctx)).id, input.limit),
});

const creditHistory = queryRoute({
  path: 'credits.history',
  input: historyInput,
  output: historyOutput,
  answer: async (ctx, input) => listCreditHistory(ctx.db, (await signedInCaller(ctx)).id, input),
});

export const creationsListRoute = trpcQueryRoute(creationsList);
export const recentCreationsRoute = trpcQueryRoute(recentCreations);
export const creditHistoryRoute = trpcQueryRoute(creditHistory);

/** The same three before Next (direct-routes.ts): false for a request they leave to Next. */
export const directListReads = {
  '/api/trpc/prediction.list': directQueryRoute(creationsList),
  '/api/trpc/prediction.recent': directQueryRoute(recentCreations),
  '/api/trpc/credits.history': directQueryRoute(creditHistory),
} as const;
