/**
 * How a legacy REST route reaches the API: the procedure at a path, called through tRPC's public
 * server-side caller with the request's context, so it runs its whole chain (sign-in and premium
 * doors, the input check on the raw body, the resolver, the output check) exactly as the tRPC
 * endpoint runs it. One door: a REST route never re-implements a procedure's checks or calls its
 * resolver around them.
 */
import type { inferRouterOutputs } from '@trpc/server';
import type { InnerContext } from '~/server/trpc/context';
import { createCaller, type AppRouter } from '~/server/trpc/root';

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

type Caller = ReturnType<typeof createCaller>;

/** The caller's function for a path ('prediction.get' → caller.prediction.get). */
function procedureOf(caller: Caller, path: ProcedurePath): (input: unknown) => Promise<unknown> {
  const [routerName, name] = path.split('.') as [string, string];
  const routerCalls = (caller as unknown as Record<string, Record<string, (input: unknown) => Promise<unknown>>>)[routerName];
  const call = routerCalls?.[name];
  if (!call) throw new Error(`No procedure at ${path}`);
  return call;
}

/** `rawInput` is what a tRPC client would send (the caller uses no transformer: REST bodies are plain JSON). */
export async function callProcedure<P extends ProcedurePath>(path: P, ctx: InnerContext, rawInput: unknown): Promise<OutputAt<P>> {
  return (await procedureOf(createCaller(ctx), path)(rawInput)) as OutputAt<P>;
}
