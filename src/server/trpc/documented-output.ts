/**
 * The OpenAPI rendering of an output schema that a wrapper hides from the generator (checkedOnce's
 * transform): the wrapped schema's own JSON Schema, as the answer's JSON carries it (a date as an
 * ISO 8601 string). Given as the wrapper's `override` meta, which the document generator reads.
 */
import { z } from 'zod';

export function documentedAs(schema: z.ZodType): { override: Record<string, unknown> } {
  const rendered = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type === 'date') Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
    },
  }) as Record<string, unknown>;
  const { $schema: _dialect, ...schemaObject } = rendered;
  return { override: schemaObject };
}
