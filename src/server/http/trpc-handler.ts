/**
 * The tRPC HTTP endpoint for Next's pages router. Batched GET queries (every poll and page read the
 * client sends) are answered straight from Node's request and response; everything else
 * (mutations, subscriptions, streaming, and any request that is not a plain batch of queries)
 * goes to tRPC's own Next adapter.
 *
 * Why: tRPC's Node adapters turn each request into a Fetch Request and the answer into a Fetch
 * Response piped back through web streams (a Request, Headers, an AbortController, a
 * WritableStream): about 130 µs a request on this machine, more than the poll itself costs. The
 * fast path takes every rule of the protocol from tRPC itself (procedure lookup, the input
 * transformer, the error shape and formatter, the HTTP status, the response transformer, onError)
 * and runs each procedure's middleware chain with tRPC's rules, natively (./run-procedure.ts),
 * so it answers with the same status, content type and body as the adapter;
 * test/integration/foundation/trpc-http.test.ts compares the two on the same requests.
 */
import type { NextApiRequest, NextApiResponse } from 'next';
import { createNextApiHandler } from '@trpc/server/adapters/next';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { AnyTRPCProcedure, AnyTRPCRouter } from '@trpc/server';
import { getErrorShape, getProcedureAtPath, getTRPCErrorFromUnknown, transformTRPCResponse, TRPCError } from '@trpc/server/unstable-core-do-not-import';
import { frozenJsonText, leaveSmallAnswerUncompressed } from '~/server/http/json-answer';
import { runProcedure } from './run-procedure';

type HandlerOptions<TContext> = {
  router: AnyTRPCRouter;
  createContext: (opts: { req: NextApiRequest; res: NextApiResponse }) => Promise<TContext>;
  onError?: (opts: { error: TRPCError; path: string | undefined; input: unknown; ctx: TContext | undefined; type: string; req: NextApiRequest }) => void;
  /** Runs before tRPC's adapter reads a request (not on the batched-GET path, which has no body). */
  middleware?: (req: NextApiRequest, res: NextApiResponse, next: (error?: unknown) => void) => void;
  /** Extra response headers from the errors of a call (tRPC's responseMeta, for both paths). */
  responseMeta?: (opts: { errors: TRPCError[] }) => { headers?: Record<string, string> };
};

type Call = { path: string; index: number; procedure: AnyTRPCProcedure };

export function createTrpcApiHandler<TContext>(options: HandlerOptions<TContext>) {
  const adapter = createNextApiHandler(options as Parameters<typeof createNextApiHandler>[0]);
  return async function trpcHandler(req: NextApiRequest, res: NextApiResponse): Promise<void> {
    const batch = await queryBatchOf(options.router, req);
    if (batch) await answerQueries(options, req, res, batch);
    else await adapter(req, res);
  };
}

/** The calls of a batched GET of queries, or null for anything the adapter should handle. */
async function queryBatchOf(router: AnyTRPCRouter, req: NextApiRequest): Promise<{ calls: Call[]; rawInputs: Record<string, unknown> } | null> {
  if (req.method !== 'GET' || typeof req.query.trpc !== 'string' || req.query.batch !== '1') return null;
  const contentType = req.headers['content-type'];
  if (contentType !== undefined && !contentType.startsWith('application/json')) return null;
  const accept = req.headers['trpc-accept'] ?? req.headers.accept;
  if (typeof accept === 'string' && accept.includes('application/jsonl')) return null;
  if (req.query.connectionParams !== undefined || typeof req.query.input !== 'string') return null;
  let rawInputs: unknown;
  try {
    rawInputs = JSON.parse(req.query.input);
  } catch {
    return null;
  }
  if (!rawInputs || typeof rawInputs !== 'object' || Array.isArray(rawInputs)) return null;
  const calls: Call[] = [];
  for (const [index, path] of req.query.trpc.split(',').entries()) {
    const procedure = (await getProcedureAtPath(router, path)) as AnyTRPCProcedure | null;
    if (!procedure || procedure._def.type !== 'query') return null;
    calls.push({ path, index, procedure });
  }
  return { calls, rawInputs: rawInputs as Record<string, unknown> };
}

async function answerQueries<TContext>(
  options: HandlerOptions<TContext>,
  req: NextApiRequest,
  res: NextApiResponse,
  batch: { calls: Call[]; rawInputs: Record<string, unknown> },
): Promise<void> {
  const config = options.router._def._config;
  // Inputs are deserialised once, on first use, as the adapter does.
  let inputs: Record<number, unknown> | undefined;
  const inputOf = (index: number): unknown => {
    inputs ??= Object.fromEntries(
      batch.calls.filter((call) => batch.rawInputs[call.index] !== undefined).map((call) => [call.index, config.transformer.input.deserialize(batch.rawInputs[call.index])]),
    );
    return inputs[index];
  };
  let ctx: TContext | undefined;
  let ctxError: TRPCError | undefined;
  try {
    ctx = await options.createContext({ req, res });
  } catch (cause) {
    ctxError = getTRPCErrorFromUnknown(cause);
  }
  const errors: TRPCError[] = [];
  const results = await Promise.all(
    batch.calls.map(async (call) => {
      try {
        if (ctxError) throw ctxError;
        const data: unknown = await runProcedure(call.procedure, { path: call.path, getRawInput: async () => inputOf(call.index), ctx, type: 'query', signal: undefined, batchIndex: call.index });
        if (isDataStream(data)) {
          throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink' });
        }
        return { result: { data } };
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        errors.push(error);
        const input = inputs?.[call.index];
        options.onError?.({ error, path: call.path, input, ctx, type: 'query', req });
        return { error: getErrorShape({ config, ctx, error, input, path: call.path, type: 'query' }) };
      }
    }),
  );
  res.statusCode = getHTTPStatusCode(results);
  res.setHeader('vary', 'trpc-accept, accept');
  for (const [name, value] of Object.entries(options.responseMeta?.({ errors }).headers ?? {})) res.setHeader(name, value);
  res.setHeader('content-type', 'application/json');
  const text = `[${results.map((item) => itemText(config, item)).join(',')}]`;
  leaveSmallAnswerUncompressed(res, Buffer.byteLength(text));
  res.end(text);
}

type Config = AnyTRPCRouter['_def']['_config'];
type Item = { result: { data: unknown } } | { error: unknown };

/** The JSON of frozen answers after the router's output transformer (kept per router config). */
const frozenTexts = new WeakMap<Config, (value: unknown) => string | null>();

/** JSON.stringify(transformTRPCResponse(config, item)), byte for byte, a frozen answer's made once. */
function itemText(config: Config, item: Item): string {
  if ('result' in item) {
    let textOf = frozenTexts.get(config);
    if (!textOf) frozenTexts.set(config, (textOf = frozenJsonText((value) => config.transformer.output.serialize(value))));
    const json = textOf(item.result.data);
    if (json !== null) return `{"result":{"data":${json}}}`;
  }
  return JSON.stringify(transformTRPCResponse(config, item as Parameters<typeof transformTRPCResponse>[1]));
}

function isDataStream(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const isStreamLike = (v: unknown) => (v !== null && typeof v === 'object' && (Symbol.asyncIterator in v || typeof (v as { then?: unknown }).then === 'function'));
  return Symbol.asyncIterator in value || Object.values(value).some(isStreamLike);
}
