/**
 * Inner context (db + who is calling) is what procedures see; tests and the legacy REST adapters
 * build it directly. The outer context reads the next-auth session from an HTTP request.
 */
import type { CreateNextContextOptions } from '@trpc/server/adapters/next';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getServerSession } from 'next-auth';
import { getDb, type Db } from '~/server/db/client';
import { getAuthOptions } from '~/server/auth/options';
import { ensureServerRuntime } from '~/server/runtime';

export type SessionUser = { id: string };

export type InnerContext = {
  db: Db;
  user: SessionUser | null;
};

export function createInnerContext(input: InnerContext): InnerContext {
  return { db: input.db, user: input.user };
}

export async function sessionUserFromRequest(req: IncomingMessage & { cookies?: Partial<Record<string, string>> }, res: ServerResponse): Promise<SessionUser | null> {
  // next-auth's getServerSession wants Next's req/res shapes; the pages API request is one.
  const session = await getServerSession(req as never, res as never, getAuthOptions());
  const id = (session?.user as { id?: string } | undefined)?.id;
  return id ? { id } : null;
}

export async function createContext(opts: CreateNextContextOptions): Promise<InnerContext> {
  const [db, user] = await Promise.all([getDb(), sessionUserFromRequest(opts.req, opts.res)]);
  ensureServerRuntime(db);
  return createInnerContext({ db, user });
}
