/**
 * The context of an HTTP request: the database and the caller from the next-auth session cookie.
 * The tRPC route, the REST adapters, the storage and archive routes and pages' server-side props
 * all build it here, so a service never sees a request.
 */
import type { IncomingMessage } from 'node:http';
import { sessionUserFromRequest } from '~/server/auth/session-user';
import { getDb } from '~/server/db/client';
import { asAppError } from '~/server/errors';
import { ensureServerRuntime } from '~/server/runtime';
import { toTRPCError } from '~/server/trpc/app-errors';
import { createInnerContext, type InnerContext } from '~/server/trpc/context';

export async function contextFromRequest(req: IncomingMessage): Promise<InnerContext> {
  const [db, user] = await Promise.all([getDb(), sessionUserFromRequest(req)]);
  ensureServerRuntime(db);
  return createInnerContext({ db, user });
}

/** tRPC's context; a database that cannot be reached answers 503 (database_unavailable), not 500. */
export async function createTrpcContext(opts: { req: IncomingMessage }): Promise<InnerContext> {
  try {
    return await contextFromRequest(opts.req);
  } catch (error) {
    const appError = asAppError(error);
    throw appError ? toTRPCError(appError) : error;
  }
}
