/**
 * Who is signed in, for every door that needs someone: a session is a signed cookie, so it can
 * outlive its user (deleted) or name one that was never made (a forged `sub` signed with a leaked
 * secret, `__proto__` included); either is no one signed in, the same 401 as no session at all.
 * The user's row is read once here, with what the premium door needs of it.
 */
import type { SessionUser } from '~/server/auth/session-user';
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';

export type SignedInAccount = { user: SessionUser; premium: boolean };

export async function signedInAccount(db: Pick<Db, 'user'>, user: SessionUser | null): Promise<SignedInAccount> {
  if (!user) throw new AppError('unauthorized');
  // Premium is read from the database on every call, never from the session.
  const row = await db.user.findUnique({ where: { id: user.id }, select: { premium: true } });
  if (!row) throw new AppError('unauthorized');
  return { user, premium: row.premium };
}
