/**
 * What procedures see: the database and who is calling. The HTTP edge builds it from a request
 * (src/server/http/request-context.ts); tests and tRPC's server-side caller build it directly.
 * A call made with an API key also carries the key: its scopes open procedures (init.ts) and its
 * monthly cap bounds what a submit may spend.
 */
import type { SessionUser } from '~/server/auth/session-user';
import type { AccountRow } from '~/server/services/users';
import type { Db } from '~/server/db/client';
import type { ApiKeyScope } from '~/utils/api-scopes';

export type { SessionUser };

/** The key a call was made with. */
/** The key a request came with: its scopes, and whether a monthly cap bounds its submits. */
export type CallingKey = { id: string; scopes: readonly ApiKeyScope[]; capped: boolean };

export type InnerContext = {
  db: Db;
  user: SessionUser | null;
  apiKey?: CallingKey | null;
  /** The caller's row as this request's credentials already read it (a key's lookup joins its owner). */
  account?: AccountRow | null;
};

export function createInnerContext(input: InnerContext): InnerContext {
  return { db: input.db, user: input.user, apiKey: input.apiKey ?? null, account: input.account ?? null };
}
