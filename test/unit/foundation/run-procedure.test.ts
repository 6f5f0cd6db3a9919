/**
 * runProcedure (the batched-GET fast path's chain runner) against calling the procedure itself:
 * every case runs both ways on the same procedure and must give the same data, or the same
 * TRPCError (code, message, cause).
 */
import { initTRPC, TRPCError } from '@trpc/server';
import type { AnyTRPCProcedure } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '~/server/errors';
import { baseProcedure } from '~/server/trpc/init';
import { runProcedure } from '~/server/trpc/run-procedure';

const t = initTRPC.context<{ user: string | null; tag?: string }>().meta<{ label: string }>().create();

type Outcome = { data: unknown } | { code: string; message: string; cause: unknown };

async function outcomeOf(call: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { data: await call() };
  } catch (error) {
    expect(error).toBeInstanceOf(TRPCError);
    const { code, message, cause } = error as TRPCError;
    return { code, message, cause };
  }
}

/** Both ways, same options; returns the (equal) outcome. */
async function both(procedure: AnyTRPCProcedure, rawInput: unknown, ctx: unknown = { user: 'ann' }): Promise<Outcome> {
  const options = () => ({ path: 'p.q', getRawInput: async () => rawInput, ctx, type: 'query' as const, signal: undefined, batchIndex: 0 });
  const theirs = await outcomeOf(() => (procedure as unknown as (o: ReturnType<typeof options>) => Promise<unknown>)(options()));
  const ours = await outcomeOf(() => runProcedure(procedure, options()));
  expect(ours).toEqual(theirs);
  return ours;
}

describe('runProcedure', () => {
  it('passes path, type and meta to middlewares, and the parsed input and context to the resolver', async () => {
    const procedure = t.procedure
      .meta({ label: 'seen' })
      .use(({ path, type, meta, next }) => next({ ctx: { tag: `${path} ${type} ${meta?.label}` } }))
      .input(z.object({ id: z.string().trim() }))
      .query(({ input, ctx }) => ({ input, user: ctx.user, tag: ctx.tag }));
    expect(await both(procedure, { id: ' a ' })).toEqual({ data: { input: { id: 'a' }, user: 'ann', tag: 'p.q query seen' } });
  });

  it('merges the context a middleware hands to next into the one it had', async () => {
    const procedure = t.procedure
      .use(({ next }) => next({ ctx: { tag: 'first' } }))
      .use(({ ctx, next }) => next({ ctx: { user: `${ctx.user}+${ctx.tag}` } }))
      .query(({ ctx }) => ctx);
    expect(await both(procedure, undefined)).toEqual({ data: { user: 'ann+first', tag: 'first' } });
  });

  it('merges two object inputs, and lets a middleware replace the input or the raw-input reader', async () => {
    const merged = t.procedure.input(z.object({ a: z.number() })).input(z.object({ b: z.number() })).query(({ input }) => input);
    expect(await both(merged, { a: 1, b: 2, c: 3 })).toEqual({ data: { a: 1, b: 2 } });
    const replaced = t.procedure.use(({ next }) => next({ input: 'set by middleware' })).query(({ input }) => input);
    expect(await both(replaced, 'raw')).toEqual({ data: 'set by middleware' });
    const reread = t.procedure
      .use(({ next }) => next({ getRawInput: async () => ({ n: '7' }) }))
      .input(z.object({ n: z.coerce.number() }))
      .query(({ input }) => input.n);
    expect(await both(reread, { n: 'not a number' })).toEqual({ data: 7 });
  });

  it('refuses a bad input and a bad output as tRPC does', async () => {
    const input = await both(t.procedure.input(z.object({ id: z.string() })).query(() => 1), { id: 5 });
    expect(input).toMatchObject({ code: 'BAD_REQUEST' });
    const output = await both(t.procedure.output(z.object({ id: z.string() })).query(() => ({ id: 5 }) as unknown as { id: string }), undefined);
    expect(output).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', message: 'Output validation failed' });
  });

  it('answers what the output schema makes of the data', async () => {
    const procedure = t.procedure.output(z.object({ id: z.string() })).query(() => ({ id: 'x', secret: 'no' }));
    expect(await both(procedure, undefined)).toEqual({ data: { id: 'x' } });
    const transformed = t.procedure.use(({ next }) => next({ ctx: { tag: 't' } })).output(z.object({ n: z.number() }).transform(({ n }) => n * 2)).query(() => ({ n: 2 }));
    expect(await both(transformed, undefined)).toEqual({ data: 4 });
  });

  it('turns a throw anywhere into the failed result, and our AppErrors into their mapped codes', async () => {
    const inResolver = await both(t.procedure.query(() => { throw new Error('boom'); }), undefined);
    expect(inResolver).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', message: 'boom' });
    const inMiddleware = await both(t.procedure.use(() => { throw new TRPCError({ code: 'FORBIDDEN', message: 'no' }); }).query(() => 1), undefined);
    expect(inMiddleware).toMatchObject({ code: 'FORBIDDEN', message: 'no' });
    const ours = await both(baseProcedure.query(() => { throw new AppError('not_found', 'Generation not found.'); }), undefined, { db: null, user: null });
    expect(ours).toMatchObject({ code: 'NOT_FOUND', message: 'Generation not found.' });
  });

  it('answers tRPC\'s own error when a middleware returns nothing', async () => {
    const procedure = t.procedure.use((async () => undefined) as never).query(() => 1);
    expect(await both(procedure, undefined)).toEqual({ code: 'INTERNAL_SERVER_ERROR', message: 'No result from middlewares - did you forget to `return next()`?', cause: undefined });
  });
});
