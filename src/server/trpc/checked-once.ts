/**
 * An output schema that checks each frozen answer once. A cached generation's prediction is one
 * frozen object answered to every poll (services/generation/present.ts); checking it again on
 * every poll would cost a full parse and make a fresh copy, which also defeats the poll route's
 * JSON-once cache (src/server/http/prediction-poll-route.ts). Anything not frozen is parsed as
 * usual, every time, and what goes out is always the schema's parse (unknown fields stripped),
 * never the raw value. The API document renders it as the schema it checks with (documented-output.ts).
 */
import { z } from 'zod';
import { deepFreeze } from '~/utils/deep-freeze';
import { documentedAs } from './documented-output';

export function checkedOnce<S extends z.ZodType>(schema: S) {
  const parsed = new WeakMap<object, z.output<S>>();
  return z.custom<z.input<S>>().transform((value, ctx): z.output<S> => {
    const frozen = typeof value === 'object' && value !== null && Object.isFrozen(value) ? value : null;
    const known = frozen ? parsed.get(frozen) : undefined;
    if (known !== undefined) return known;
    const result = schema.safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) ctx.addIssue({ ...issue, code: 'custom', message: issue.message });
      return z.NEVER;
    }
    if (!frozen) return result.data;
    const shared = deepFreeze(result.data);
    parsed.set(frozen, shared);
    return shared;
  }).meta(documentedAs(schema));
}
