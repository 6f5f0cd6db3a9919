/**
 * How a legacy REST route reaches the API: the procedure at a path, run with the request's context
 * through its whole middleware chain (run-procedure.ts: sign-in and premium doors, the input check
 * on the raw body, the resolver, the output check), as the tRPC endpoint runs it. One door: a REST
 * route never re-implements a procedure's checks or calls its resolver around them.
 */
import type { inferRouterOutputs } from '@trpc/server';
import { getProcedureAtPath } from '@trpc/server/unstable-core-do-not-import';
import type { InnerContext } from '~/server/trpc/context';
import { appRouter, type AppRouter } from '~/server/trpc/root';
import { runProcedure } from '~/server/trpc/run-procedure';

type Outputs = inferRouterOutputs<AppRouter>;

/** 'router.procedure', as the tRPC endpoint names them. */
export type ProcedurePath = { [R in keyof Outputs & string]: `${R}.${keyof Outputs[R] & string}` }[keyof Outputs & string];

export type OutputAt<P extends ProcedurePath> = P extends `${infer R}.${infer N}`
  ? R extends keyof Outputs
    ? N extends keyof Outputs[R]
      ? Outputs[R][N]
      : never
    : never
  : never;

/** `rawInput` is what a tRPC client would send (no transformer: REST bodies are plain JSON). */
export async function callProcedure<P extends ProcedurePath>(path: P, ctx: InnerContext, rawInput: unknown): Promise<OutputAt<P>> {
  const procedure = await getProcedureAtPath(appRouter, path);
  if (!procedure) throw new Error(`No procedure at ${path}`);
  const data = await runProcedure(procedure, { path, ctx, getRawInput: async () => rawInput, type: procedure._def.type, signal: undefined, batchIndex: 0 });
  return data as OutputAt<P>;
}
