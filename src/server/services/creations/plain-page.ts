/**
 * The page of creations people open most: the owner's list with no filter and no search, newest
 * (or oldest) first, after a cursor or not. Read with one statement straight to the pool
 * (direct-query.ts) rather than through Prisma's query runtime, whose planning and row mapping of a
 * full page cost more than the statement itself. The rows are the ones findMany would give with
 * CREATION_COLUMNS and pageArgs: the same columns, the same values, the same order, and a cursor
 * that is not one of the owner's rows finds nothing (list-reads.test.ts and cursors.test.ts hold
 * both reads to that).
 */
import type { Db } from '~/server/db/client';
import { queryDirect } from '~/server/db/direct-query';
import { Prisma } from '~/server/db/generated/client';
import type { PageRequest } from '~/server/services/paging/cursor-page';
import type { CreationRow } from './list';

/** `"id", "userId", ...`: the columns of a creation's row, from the select the list reads with. */
export function creationColumnsSql(columns: Record<string, true>): Prisma.Sql {
  return Prisma.raw(
    Object.keys(columns)
      .map((column) => `"${column}"`)
      .join(', '),
  );
}

export async function readPlainPage(db: Db, columns: Prisma.Sql, ownerId: string, page: PageRequest, direction: 'asc' | 'desc'): Promise<CreationRow[]> {
  const order = Prisma.raw(direction === 'asc' ? 'ASC' : 'DESC');
  const beyond = direction === 'asc' ? Prisma.raw('>') : Prisma.raw('<');
  const after = page.cursor
    ? Prisma.sql`AND ("createdAt", "id") ${beyond} (SELECT "createdAt", "id" FROM "Generation" WHERE "id" = ${page.cursor} AND "userId" = ${ownerId})`
    : Prisma.empty;
  return queryDirect<CreationRow>(
    db,
    Prisma.sql`
      SELECT ${columns} FROM "Generation"
      WHERE "userId" = ${ownerId} AND "deletedAt" IS NULL ${after}
      ORDER BY "createdAt" ${order}, "id" ${order}
      LIMIT ${page.limit + 1}`,
  );
}
