/**
 * The output parser of a subscription. tRPC 11 hands a procedure's output parser whatever the
 * resolver returns, which for a subscription is the async iterable itself, not the values it
 * yields. This parser wraps the iterable so each yielded value is parsed with `schema` on its way
 * out; the subscription's type (what a client receives) is read from the schema, as for any other
 * procedure. Closing the wrapper closes the source (for await … of does), so its cleanup runs.
 */
import type { z } from 'zod';

export function eachYield<S extends z.ZodType>(schema: S): (value: unknown) => AsyncIterable<z.output<S>, void, unknown> {
  return (value) => {
    if (!isAsyncIterable(value)) throw new TypeError('A subscription must return an async iterable.');
    return parseEach(value, schema);
  };
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

async function* parseEach<S extends z.ZodType>(source: AsyncIterable<unknown>, schema: S): AsyncGenerator<z.output<S>, void, unknown> {
  for await (const item of source) yield await schema.parseAsync(item);
}
