/**
 * The console's user search: an id (exact), or any part of an e-mail or a name in any case. The
 * e-mail and name trigram indexes (migration staff_console) answer the parts, so a search reads the
 * matching rows, not every user.
 */
import type { Db } from '~/server/db/client';
import { Prisma } from '~/server/db/generated/client';
import { isRole, type Role } from '~/utils/staff-roles';

export type UserSearchHit = {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  credits: number;
  premium: boolean;
  suspended: boolean;
  createdAt: Date;
};

export const USER_SEARCH_LIMIT = 20;

type Row = { id: string; email: string; name: string | null; role: string; credits: number; premium: boolean; suspendedAt: Date | null; createdAt: Date };

/** LIKE's own wildcards in what was typed are literal characters. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function searchUsers(db: Db, query: string): Promise<UserSearchHit[]> {
  const text = query.trim();
  if (text === '') return [];
  const pattern = likePattern(text.toLowerCase());
  // An exact e-mail first, then the newest accounts.
  const rows = await db.$queryRaw<Row[]>(Prisma.sql`
    SELECT "id", "email", "name", "role", "credits", "premium", "suspendedAt", "createdAt" FROM "User"
    WHERE "id" = ${text} OR "email" ILIKE ${pattern} OR "name" ILIKE ${pattern}
    ORDER BY ("email" = ${text.toLowerCase()}) DESC, "createdAt" DESC, "id" DESC
    LIMIT ${USER_SEARCH_LIMIT}`);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    role: isRole(row.role) ? row.role : 'user',
    credits: row.credits,
    premium: row.premium,
    suspended: row.suspendedAt !== null,
    createdAt: row.createdAt,
  }));
}
