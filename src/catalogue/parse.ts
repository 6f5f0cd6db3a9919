import type { z } from 'zod';
import { describeIssuesAt } from '~/utils/zod-issues';
import { withSamples } from './assets/samples';
import { modelDefinitionSchema, type ModelDefinition } from './schema';

/** Formats a zod issue path as `ui.controls[3].default` (utils/zod-issues.ts builds all issue text). */
export { formatIssuePath } from '~/utils/zod-issues';

/**
 * Parses one definition against the meta-schema. An invalid one throws an Error naming the
 * model id and the field: `Invalid model definition "flux-dev" at ui.controls[2].default: ...`.
 * Its sample art is the rendered sample where `npm run samples` made one (assets/samples).
 */
export function parseModelDefinition(definition: unknown): ModelDefinition {
  const result = modelDefinitionSchema.safeParse(definition);
  if (result.success) return withSamples(result.data);
  const id =
    typeof definition === 'object' && definition !== null && typeof (definition as { id?: unknown }).id === 'string'
      ? (definition as { id: string }).id
      : '(no id)';
  throw new Error(`Invalid model definition "${id}": ${describeIssuesAt(result.error.issues)}`);
}

/** Parses a list of content entries, naming the list, the entry id and the field on failure; sample art as above. */
export function parseList<S extends z.ZodType>(listName: string, schema: S, entries: readonly unknown[]): z.infer<S>[] {
  const ids = new Set<string>();
  return entries.map((entry, index) => {
    const result = schema.safeParse(entry);
    const id =
      typeof entry === 'object' && entry !== null && typeof (entry as { id?: unknown }).id === 'string'
        ? (entry as { id: string }).id
        : `#${index}`;
    if (!result.success) throw new Error(`Invalid ${listName} entry "${id}": ${describeIssuesAt(result.error.issues)}`);
    if (ids.has(id)) throw new Error(`Duplicate ${listName} id "${id}"`);
    ids.add(id);
    return withSamples(result.data);
  });
}
