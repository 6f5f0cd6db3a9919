/**
 * Inner context (db + who is calling) is what procedures see; tests and the legacy REST adapters
 * build it directly. The outer context reads the next-auth session from an HTTP request.
 */
import type { CreateNextContextOptions } from '@trpc/server/adapters/next';
import type { IncomingMessage } from 'node:http';
import { getToken } from 'next-auth/jwt';
import { getEnv } from '~/env';
import { getDb, type Db } from '~/server/db/client';
import { asAppError, toTRPCError } from '~/server/errors';
import { ensureServerRuntime } from '~/server/runtime';

export type SessionUser = { id: string };

export type InnerContext = {
  db: Db;
  user: SessionUser | null;
};

export function createInnerContext(input: InnerContext): InnerContext {
  return { db: input.db, user: input.user };
}

/**
 * Who is calling, from the next-auth session cookie. Sessions are JWTs, so decoding the token is
 * enough (getServerSession would also re-issue the cookie on every API call, several times slower).
 * Only the id is taken: credits and premium are always read from the database.
 */
export async function sessionUserFromRequest(req: IncomingMessage & { cookies?: Partial<Record<string, string>> }): Promise<SessionUser | null> {
  const token = await getToken({ req: req as never, secret: getEnv().secret }).catch(() => null);
  return typeof token?.sub === 'string' && token.sub ? { id: token.sub } : null;
}

/** The context of an HTTP request (tRPC handler and legacy adapters alike). */
export async function contextFromRequest(req: IncomingMessage): Promise<InnerContext> {
  const [db, user] = await Promise.all([getDb(), sessionUserFromRequest(req)]);
  ensureServerRuntime(db);
  return createInnerContext({ db, user });
}

/** tRPC's context; a database that cannot be reached answers 503 (database_unavailable), not 500. */
export async function createContext(opts: CreateNextContextOptions): Promise<InnerContext> {
  try {
    return await contextFromRequest(opts.req);
  } catch (error) {
    const appError = asAppError(error);
    throw appError ? toTRPCError(appError) : error;
  }
}
