/**
 * What procedures see: the database and who is calling. The HTTP edge builds it from a request
 * (src/server/http/request-context.ts); tests and tRPC's server-side caller build it directly.
 */
import type { SessionUser } from '~/server/auth/session-user';
import type { Db } from '~/server/db/client';

export type { SessionUser };

export type InnerContext = {
  db: Db;
  user: SessionUser | null;
};

export function createInnerContext(input: InnerContext): InnerContext {
  return { db: input.db, user: input.user };
}
