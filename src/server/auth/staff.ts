/**
 * The console's door: who may use staff procedures and pages. Anyone else (signed out, a session
 * naming no user, a suspended account, a `user`) gets exactly what a procedure or page that does not
 * exist answers, so the console's paths tell an outsider nothing (trpc/procedures.ts, the tRPC
 * route's router choice and the /admin pages' data all ask here).
 */
import type { SessionUser } from '~/server/auth/session-user';
import type { Db } from '~/server/db/client';
import { isRole, roleCovers, type StaffRole } from '~/utils/staff-roles';

export type StaffAccount = { user: SessionUser; role: StaffRole };

/** The caller as staff of at least `needed`, or null. */
export async function staffAccount(db: Pick<Db, 'user'>, user: SessionUser | null, needed: StaffRole = 'support'): Promise<StaffAccount | null> {
  if (!user) return null;
  const row = await db.user.findUnique({ where: { id: user.id }, select: { role: true, suspendedAt: true } });
  if (!row || row.suspendedAt !== null || !isRole(row.role) || row.role === 'user' || !roleCovers(row.role, needed)) return null;
  return { user, role: row.role };
}
