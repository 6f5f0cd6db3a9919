/**
 * An idempotency key names one request. Sent again with the same request (a retry after a lost
 * answer), it answers with the generation it first made and charges nothing; sent with a different
 * request, it is refused (409 idempotency_key_reused), as payment APIs refuse it: silently answering
 * with the first job would tell the caller that a generation it never asked for is its new one.
 *
 * "The same request" is what the key recorded: the model, the app and page, and the input as the
 * catalogue parsed it (defaults applied, so a retry that spells a default out is still the same),
 * under either plan's privacy (the plan may have changed between the two sends).
 */
import type { Generation } from '~/server/db/generated/client';
import { AppError } from '~/server/errors';
import type { NewGeneration } from './record';

/** JSON with every object's keys sorted: two inputs compare equal whatever order they were written in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

export function assertSameRequest(recorded: Generation, request: NewGeneration): void {
  const stored = canonicalJson(recorded.input);
  const same =
    recorded.modelId === request.modelId &&
    recorded.appId === request.appId &&
    recorded.pageId === request.pageId &&
    [request.variants.premium.input, request.variants.free.input].some((input) => canonicalJson(JSON.parse(JSON.stringify(input))) === stored);
  if (!same) throw new AppError('idempotency_key_reused');
}
