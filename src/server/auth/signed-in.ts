/**
 * Who is signed in, for every door that needs someone: a session is a signed cookie, so it can
 * outlive its user (deleted) or name one that was never made (a forged `sub` signed with a leaked
 * secret, `__proto__` included); either is no one signed in, the same 401 as no session at all.
 * A suspended user's session stops working here, on its next request, with the suspension's text.
 * The user's row is read once here, with what the premium and staff doors need of it. It runs
 * before every signed-in call, so its statement goes straight to the pool (direct-query.ts).
 */
import type { SessionUser } from '~/server/auth/session-user';
import type { Db } from '~/server/db/client';
import { queryDirect } from '~/server/db/direct-query';
import { Prisma } from '~/server/db/generated/client';
import { AppError } from '~/server/errors';
import { assertNotSuspended } from '~/server/services/suspension';
import type { AccountRow } from '~/server/services/users';
import { isRole, type Role } from '~/utils/staff-roles';
import { noteSeen } from './last-seen';

export type SignedInAccount = { user: SessionUser; premium: boolean; role: Role };

/**
 * `readThisRequest`: the row as this request's credentials already read it (an API key's lookup
 * joins its owner), so the door does not read it a second time.
 */
export async function signedInAccount(db: Db, user: SessionUser | null, readThisRequest?: AccountRow | null): Promise<SignedInAccount> {
  if (!user) throw new AppError('unauthorized');
  // Premium, role and suspension are read from the database on every call, never from the session.
  const [row] = readThisRequest ? [readThisRequest] : await queryDirect<AccountRow>(db, Prisma.sql`SELECT "premium", "role", "suspendedAt", "lastSeenAt" FROM "User" WHERE "id" = ${user.id}`);
  if (!row) throw new AppError('unauthorized');
  assertNotSuspended(row);
  noteSeen(db, user.id, row.lastSeenAt);
  return { user, premium: row.premium, role: isRole(row.role) ? row.role : 'user' };
}
