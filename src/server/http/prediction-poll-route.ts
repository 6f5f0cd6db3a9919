/**
 * /api/trpc/prediction.get: the poll every open generation page repeats, answered as an ordinary
 * route. tRPC's Node adapter turns each request into a Fetch Request and its answer into a Fetch
 * Response through web streams, and runs the procedure's middleware chain with a copy of its
 * options at every level: together more than the poll itself costs (BENCHMARKS.md, 'The poll').
 * So a successful poll is answered here: the same input
 * schema, the same service function (readPrediction), the same output schema, and tRPC's wire
 * format for one batched query (superjson, as the router's transformer; trpc-query-route.ts reads
 * the request and writes the answer as every such route does). Anything else (another
 * shape of request, a refused input, a missing or hidden generation, an outage) is handed to the
 * tRPC route, which answers it as it answers every call. A finished generation's answer is one
 * frozen object (services/generation/present.ts): its JSON is made once.
 * test/integration/foundation/trpc-http.test.ts compares this route with the procedure it shadows.
 */
import type { NextApiRequest, NextApiResponse } from 'next';
import superjson from 'superjson';
import { getInput, getOutput } from '~/server/routers/prediction/get.schema';
import { readPrediction } from '~/server/services/generation/read-prediction';
import { frozenJsonText } from './json-answer';
import { contextFromRequest } from './request-context';
import { trpcRouteAt } from './trpc-route';
import { batchedQueryInput, sendQueryAnswer } from './trpc-query-route';

const PATH = 'prediction.get';

const frozenText = frozenJsonText((value) => superjson.serialize(value));

/** The poll's answer, or null when the tRPC route must give it (its errors are tRPC's to shape). */
async function pollAnswer(req: NextApiRequest): Promise<string | null> {
  const input = getInput.safeParse(batchedQueryInput(req));
  if (!input.success) return null;
  try {
    const { db, user } = await contextFromRequest(req);
    const output = getOutput.safeParse(await readPrediction(db, user?.id ?? null, input.data.id));
    if (!output.success) return null;
    return frozenText(output.data) ?? JSON.stringify(superjson.serialize(output.data));
  } catch {
    return null;
  }
}

export async function predictionPollRoute(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  const data = await pollAnswer(req);
  if (data === null) return trpcRouteAt(PATH, req, res);
  sendQueryAnswer(res, data);
}
