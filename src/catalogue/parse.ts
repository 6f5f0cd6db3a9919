import type { z } from 'zod';
import { withSamples } from './assets/samples';
import { modelDefinitionSchema, type ModelDefinition } from './schema';

/** Formats a zod issue path as `ui.controls[3].default`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`))
    .join('');
}

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
  throw new Error(`Invalid model definition "${id}": ${describeIssues(result.error)}`);
}

export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? `at ${formatIssuePath(issue.path)}` : 'at (root)'}: ${issue.message}`)
    .join('; ');
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
    if (!result.success) throw new Error(`Invalid ${listName} entry "${id}": ${describeIssues(result.error)}`);
    if (ids.has(id)) throw new Error(`Duplicate ${listName} id "${id}"`);
    ids.add(id);
    return withSamples(result.data);
  });
}
