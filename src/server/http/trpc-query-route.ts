/**
 * A tRPC query that people repeat most (the poll, a page of creations, recent creations, the credit
 * history) answered on a static route of its own, as an ordinary route. tRPC's Node adapter turns
 * each request into a Fetch Request and its answer into a Fetch Response through web streams, runs
 * the procedure's middleware chain with a copy of its options at every level, and superjson walks
 * every node of the answer: together several times what reading a page costs (BENCHMARKS.md, 'The
 * poll' and 'The list reads'). So a successful call is answered here: the same input schema, the
 * same door (who may call it), the same service function, the same output schema, and tRPC's wire
 * format for one batched query (superjson's text, superjson-text.ts). Anything else (another shape
 * of request, a refused input, a closed door, an error of the service, an outage) is handed to the
 * tRPC route, which answers it as it answers every call. The production server may answer such a
 * route before Next (directQueryRoute, direct-routes.ts), handing to Next what it leaves.
 * test/integration/foundation/trpc-http.test.ts compares each such route with the procedure it shadows.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzip } from 'node:zlib';
import type { NextApiRequest, NextApiResponse } from 'next';
import superjson from 'superjson';
import type { z } from 'zod';
import type { InnerContext } from '~/server/trpc/context';
import { leaveSmallAnswerUncompressed, UNCOMPRESSED_UP_TO_BYTES } from './json-answer';
import { jsonNestsDeeperThan } from './json-depth';
import { apiKeyOf } from './credentials';
import { contextFromRequest } from './request-context';
import { superjsonText } from './superjson-text';
import { trpcRouteAt } from './trpc-route';

/** The query's input (already deserialised), or null for any request the tRPC route should answer. */
export function batchedQueryInput(req: IncomingMessage): unknown {
  if (apiKeyOf(req) !== null || req.method !== 'GET') return null;
  // Read from the URL itself: the production server answers some of these before Next parses anything.
  const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
  const inputs = query.getAll('input');
  if (query.getAll('batch').join() !== '1' || inputs.length !== 1 || query.has('connectionParams')) return null;
  const input = inputs[0]!;
  const contentType = req.headers['content-type'];
  if (contentType !== undefined && !contentType.startsWith('application/json')) return null;
  const accept = req.headers['trpc-accept'] ?? req.headers.accept;
  if (typeof accept === 'string' && accept.includes('application/jsonl')) return null;
  if (jsonNestsDeeperThan(input)) return null;
  try {
    const batch = JSON.parse(input) as unknown;
    if (!batch || typeof batch !== 'object' || Object.keys(batch).length !== 1 || !('0' in batch)) return null;
    return superjson.deserialize((batch as { 0: Parameters<typeof superjson.deserialize>[0] })[0]);
  } catch {
    return null;
  }
}

/** Writes one batched query's answer (`data`: the serialised result's JSON text) as tRPC's adapter writes it. */
export function sendQueryAnswer(res: ServerResponse, data: string): void {
  const text = `[{"result":{"data":${data}}}]`;
  res.statusCode = 200;
  res.setHeader('vary', 'trpc-accept, accept');
  res.setHeader('content-type', 'application/json');
  leaveSmallAnswerUncompressed(res, Buffer.byteLength(text));
  res.end(text);
}

/**
 * The same answer from a route served before Next (direct-routes.ts), where Next's compression
 * does not run: a large answer is gzipped here for a client that takes gzip, as Next would.
 */
function sendDirectQueryAnswer(req: IncomingMessage, res: ServerResponse, data: string): void {
  const text = `[{"result":{"data":${data}}}]`;
  const accepts = String(req.headers['accept-encoding'] ?? '');
  if (Buffer.byteLength(text) <= UNCOMPRESSED_UP_TO_BYTES || !/\bgzip\b/.test(accepts)) return sendQueryAnswer(res, data);
  gzip(text, (error, body) => {
    if (error) return sendQueryAnswer(res, data);
    res.writeHead(200, { vary: 'trpc-accept, accept, Accept-Encoding', 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(body.length) });
    res.end(body);
  });
}

export type QueryRoute<In extends z.ZodType, Out extends z.ZodType> = {
  /** The procedure's path, e.g. 'prediction.list'. */
  path: string;
  input: In;
  output: Out;
  /**
   * The procedure's door and body on the request's context: throws whatever the procedure would
   * (the tRPC route then answers the same request and shapes that error).
   */
  answer: (ctx: InnerContext, input: z.output<In>) => Promise<z.input<Out>>;
};

/** A query route's definition, its types read from its schemas. */
export function queryRoute<In extends z.ZodType, Out extends z.ZodType>(route: QueryRoute<In, Out>): QueryRoute<In, Out> {
  return route;
}

/** The call's answer (superjson's text), or null when the tRPC route must give it. */
async function answerOf<In extends z.ZodType, Out extends z.ZodType>(route: QueryRoute<In, Out>, req: IncomingMessage): Promise<string | null> {
  const input = route.input.safeParse(batchedQueryInput(req));
  if (!input.success) return null;
  try {
    const output = route.output.safeParse(await route.answer(await contextFromRequest(req), input.data));
    return output.success ? superjsonText(output.data) : null;
  } catch {
    return null;
  }
}

/** The route under Next: a successful call answered here, every other request through the tRPC route. */
export function trpcQueryRoute<In extends z.ZodType, Out extends z.ZodType>(route: QueryRoute<In, Out>): (req: NextApiRequest, res: NextApiResponse) => Promise<void> {
  return async (req, res) => {
    const data = await answerOf(route, req);
    if (data === null) return trpcRouteAt(route.path, req, res);
    sendQueryAnswer(res, data);
  };
}

/**
 * The same route before Next (server.mjs, direct-routes.ts): true once answered; false for a
 * request it leaves to Next (nothing of it read or written), whose tRPC route answers it.
 */
export function directQueryRoute<In extends z.ZodType, Out extends z.ZodType>(route: QueryRoute<In, Out>): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  return async (req, res) => {
    const data = await answerOf(route, req);
    if (data === null) return false;
    sendDirectQueryAnswer(req, res, data);
    return true;
  };
}
