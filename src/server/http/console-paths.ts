/**
 * Which router answers a tRPC request (trpc/root.ts routerByRole). A request that names no console
 * procedure is answered from the studio's API without a database read; one that does is answered
 * from the router of the caller's role, read from the database, so a console path the caller may not
 * use answers exactly as a path that names no procedure, whatever its method or input.
 */
import type { NextApiRequest } from 'next';
import { sessionUserFromRequest } from '~/server/auth/session-user';
import { staffAccount } from '~/server/auth/staff';
import { getDb } from '~/server/db/client';
import { CONSOLE_ROUTER_KEY } from '~/server/trpc/root';
import type { Role } from '~/utils/staff-roles';

function namesConsole(req: NextApiRequest): boolean {
  const paths = req.query.trpc;
  return String(paths ?? '')
    .split(',')
    .some((path) => path === CONSOLE_ROUTER_KEY || path.startsWith(`${CONSOLE_ROUTER_KEY}.`));
}

export async function roleOfRequest(req: NextApiRequest): Promise<Role> {
  if (!namesConsole(req)) return 'user';
  try {
    const [db, user] = await Promise.all([getDb(), sessionUserFromRequest(req)]);
    return (await staffAccount(db, user))?.role ?? 'user';
  } catch {
    // When the role cannot be read, the console stays hidden; its doors would refuse anyway.
    return 'user';
  }
}
