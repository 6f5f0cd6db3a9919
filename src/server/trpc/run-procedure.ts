/**
 * Runs a procedure's middleware chain (our middlewares, tRPC's input and output checks, the
 * resolver) as calling the procedure does, for the batched-GET fast path (http-handler.ts) and
 * the legacy REST routes (rest/call-procedure.ts).
 *
 * Why: tRPC copies the call's options at every level of the chain, and its output check copies
 * the result, with a down-levelled object-spread helper (Object.keys + defineProperty per key):
 * ≈ 50 µs of a ≈ 0.9 ms poll in a CPU profile under load. Native spreads are no cure when keys
 * are added after the spread (a slow path in V8, µs per copy, measured), so each level's options
 * are one literal of the known keys of a procedure call (ProcedureCallOptions), and the one output
 * check a procedure may have runs here with tRPC's parser and error.
 *
 * The rules are tRPC's (v11 procedureBuilder): each middleware sees the call's options with the
 * procedure's meta, the current input and `next`; `next(opts)` merges opts.ctx into the context
 * and may replace the input or the raw-input reader; a throw anywhere becomes a failed result
 * holding the TRPCError; a chain that returns nothing is tRPC's "No result from middlewares"
 * error. test/unit/foundation/run-procedure.test.ts runs each case both ways and compares.
 */
import type { AnyTRPCProcedure } from '@trpc/server';
import { getParseFn, getTRPCErrorFromUnknown, middlewareMarker, TRPCError, type ParseFn, type ProcedureCallOptions } from '@trpc/server/unstable-core-do-not-import';

type Options = ProcedureCallOptions<unknown> & { input?: unknown };
type NextOptions = { ctx?: Record<string, unknown>; input?: unknown; getRawInput?: Options['getRawInput'] } | undefined;
type Result = { ok: true; data: unknown; ctx?: unknown } | { ok: false; error: TRPCError };
/** tRPC tags its input and output checks with `_type`. */
type Middleware = ((opts: Options & { meta: unknown; next: (opts?: NextOptions) => Promise<Result> }) => Promise<Result>) & { _type?: string };
type ProcedureDef = { middlewares: Middleware[]; meta?: unknown; caller?: unknown; output?: unknown };

export async function runProcedure(procedure: AnyTRPCProcedure, options: ProcedureCallOptions<unknown>): Promise<unknown> {
  const def = procedure._def as unknown as ProcedureDef;
  // A procedure with its own caller (experimental_caller) decides how it is invoked: let it.
  if (def.caller) return (procedure as unknown as (opts: ProcedureCallOptions<unknown>) => Promise<unknown>)(options);
  const result = await runFrom(0, def, options as Options);
  if (!result) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'No result from middlewares - did you forget to `return next()`?' });
  if (!result.ok) throw result.error;
  return result.data;
}

async function runFrom(index: number, def: ProcedureDef, options: Options): Promise<Result> {
  try {
    const middleware = def.middlewares[index]!;
    if (middleware._type === 'output') {
      const parse = outputParserOf(def);
      if (parse) return await checkOutput(index, def, options, parse);
    }
    return await middleware({
      ctx: options.ctx,
      getRawInput: options.getRawInput,
      input: options.input,
      path: options.path,
      type: options.type,
      signal: options.signal,
      batchIndex: options.batchIndex,
      meta: def.meta,
      next: (nextOptions) =>
        runFrom(index + 1, def, {
          ctx: nextOptions?.ctx ? { ...(options.ctx as object), ...nextOptions.ctx } : options.ctx,
          getRawInput: nextOptions?.getRawInput ?? options.getRawInput,
          input: nextOptions && 'input' in nextOptions ? nextOptions.input : options.input,
          path: options.path,
          type: options.type,
          signal: options.signal,
          batchIndex: options.batchIndex,
        }),
    });
  } catch (cause) {
    return { ok: false, error: getTRPCErrorFromUnknown(cause), marker: middlewareMarker } as Result;
  }
}

/** The procedure's output parser (tRPC's getParseFn; tRPC allows one output per procedure). */
const outputParsers = new WeakMap<ProcedureDef, ParseFn<unknown> | null>();

function outputParserOf(def: ProcedureDef): ParseFn<unknown> | null {
  let parse = outputParsers.get(def);
  if (parse === undefined) {
    parse = def.output ? getParseFn(def.output as Parameters<typeof getParseFn>[0]) : null;
    outputParsers.set(def, parse);
  }
  return parse;
}

/** tRPC's output check: the rest of the chain, then its data through the parser (or tRPC's error). */
async function checkOutput(index: number, def: ProcedureDef, options: Options, parse: ParseFn<unknown>): Promise<Result> {
  const result = await runFrom(index + 1, def, options);
  if (!result.ok) return result;
  let data: unknown;
  try {
    data = await parse(result.data);
  } catch (cause) {
    throw new TRPCError({ message: 'Output validation failed', code: 'INTERNAL_SERVER_ERROR', cause });
  }
  return { marker: middlewareMarker, ok: true, data, ctx: result.ctx } as Result;
}
