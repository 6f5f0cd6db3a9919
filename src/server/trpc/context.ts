/**
 * Inner context (db + who is calling) is what procedures see; tests and the legacy REST adapters
 * build it directly. The outer context reads the next-auth session from an HTTP request.
 */
import type { IncomingMessage } from 'node:http';
import { sessionUserFromRequest, type SessionUser } from '~/server/auth/session-user';
import { getDb, type Db } from '~/server/db/client';
import { asAppError, toTRPCError } from '~/server/errors';
import { ensureServerRuntime } from '~/server/runtime';

export { sessionUserFromRequest, type SessionUser };

export type InnerContext = {
  db: Db;
  user: SessionUser | null;
};

export function createInnerContext(input: InnerContext): InnerContext {
  return { db: input.db, user: input.user };
}

/** The context of an HTTP request (tRPC handler and legacy adapters alike). */
export async function contextFromRequest(req: IncomingMessage): Promise<InnerContext> {
  const [db, user] = await Promise.all([getDb(), sessionUserFromRequest(req)]);
  ensureServerRuntime(db);
  return createInnerContext({ db, user });
}

/** tRPC's context; a database that cannot be reached answers 503 (database_unavailable), not 500. */
export async function createContext(opts: { req: IncomingMessage }): Promise<InnerContext> {
  try {
    return await contextFromRequest(opts.req);
  } catch (error) {
    const appError = asAppError(error);
    throw appError ? toTRPCError(appError) : error;
  }
}
