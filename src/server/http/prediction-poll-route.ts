/**
 * /api/trpc/prediction.get: the poll every open generation page repeats, answered as an ordinary
 * route. tRPC's Node adapter turns each request into a Fetch Request and its answer into a Fetch
 * Response through web streams, and runs the procedure's middleware chain with a copy of its
 * options at every level: together more than the poll itself costs (BENCHMARKS.md, 'The poll').
 * So a successful poll is answered here: the same input
 * schema, the same service function (readPrediction), the same output schema, and tRPC's wire
 * format for one batched query (superjson, as the router's transformer). Anything else (another
 * shape of request, a refused input, a missing or hidden generation, an outage) is handed to the
 * tRPC route, which answers it as it answers every call. A finished generation's answer is one
 * frozen object (services/generation/present.ts): its JSON is made once.
 * test/integration/foundation/trpc-http.test.ts compares this route with the procedure it shadows.
 */
import type { NextApiRequest, NextApiResponse } from 'next';
import superjson from 'superjson';
import { getInput, getOutput } from '~/server/routers/prediction/get.schema';
import { readPrediction } from '~/server/services/generation/read-prediction';
import { frozenJsonText, leaveSmallAnswerUncompressed } from './json-answer';
import { jsonNestsDeeperThan } from './json-depth';
import { apiKeyOf } from './credentials';
import { contextFromRequest } from './request-context';
import { trpcRouteAt } from './trpc-route';

const PATH = 'prediction.get';

/** The poll's input (already deserialised), or null for any request the tRPC route should answer. */
function pollInput(req: NextApiRequest): unknown {
  if (apiKeyOf(req) !== null) return null;
  if (req.method !== 'GET' || req.query.batch !== '1' || typeof req.query.input !== 'string' || req.query.connectionParams !== undefined) return null;
  const contentType = req.headers['content-type'];
  if (contentType !== undefined && !contentType.startsWith('application/json')) return null;
  const accept = req.headers['trpc-accept'] ?? req.headers.accept;
  if (typeof accept === 'string' && accept.includes('application/jsonl')) return null;
  if (jsonNestsDeeperThan(req.query.input)) return null;
  try {
    const batch = JSON.parse(req.query.input) as unknown;
    if (!batch || typeof batch !== 'object' || Object.keys(batch).length !== 1 || !('0' in batch)) return null;
    return superjson.deserialize((batch as { 0: Parameters<typeof superjson.deserialize>[0] })[0]);
  } catch {
    return null;
  }
}

const frozenText = frozenJsonText((value) => superjson.serialize(value));

/** The poll's answer, or null when the tRPC route must give it (its errors are tRPC's to shape). */
async function pollAnswer(req: NextApiRequest): Promise<string | null> {
  const input = getInput.safeParse(pollInput(req));
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
  const text = `[{"result":{"data":${data}}}]`;
  res.statusCode = 200;
  res.setHeader('vary', 'trpc-accept, accept');
  res.setHeader('content-type', 'application/json');
  leaveSmallAnswerUncompressed(res, Buffer.byteLength(text));
  res.end(text);
}
