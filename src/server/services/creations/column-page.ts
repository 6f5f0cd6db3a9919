/**
 * The pages of creations people open most: the owner's list, plain or filtered on the row's own
 * columns (type, status, model, starred, a date range), newest or oldest first, after a cursor or
 * not; a search or a collection is list.ts's findMany. Read with one statement straight to the pool
 * (direct-query.ts) rather than through Prisma's query runtime, whose planning and row mapping of a
 * full page cost more than the statement itself. The rows are the ones findMany would give with
 * CREATION_COLUMNS and pageArgs: the same columns, the same values, the same order, and a cursor
 * that is not one of the owner's rows finds nothing (list-reads.test.ts and cursors.test.ts hold
 * both reads to that).
 */
import type { Db } from '~/server/db/client';
import { queryDirect } from '~/server/db/direct-query';
import { Prisma } from '~/server/db/generated/client';
import { INTERNAL_BY_FILTER } from '~/server/services/generation/statuses';
import type { PageRequest } from '~/server/services/paging/cursor-page';
import type { CreationStatusFilter, CreationTypeFilter } from '~/utils/creation-filters';

/** The filters this read answers: those on the row's own columns (list.ts's CreationFilters has them all). */
export type ColumnFilters = {
  type?: CreationTypeFilter | undefined;
  status?: CreationStatusFilter | undefined;
  modelId?: string | undefined;
  starred?: boolean | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

/** Whether a request is this read's: no search words and no collection. */
export function onColumnsOnly(filters: { q?: string | undefined; collectionId?: string | undefined }): boolean {
  return !filters.q?.trim() && !filters.collectionId;
}

function conditionsOf(filters: ColumnFilters): Prisma.Sql[] {
  const conditions: Prisma.Sql[] = [];
  if (filters.type) conditions.push(Prisma.sql`"outputType" = ${filters.type}`);
  if (filters.status) conditions.push(Prisma.sql`"status" IN (${Prisma.join(INTERNAL_BY_FILTER[filters.status])})`);
  if (filters.modelId) conditions.push(Prisma.sql`"modelId" = ${filters.modelId}`);
  if (filters.starred) conditions.push(Prisma.sql`"starred"`);
  if (filters.from) conditions.push(Prisma.sql`"createdAt" >= ${filters.from}::timestamp(3)`);
  if (filters.to) conditions.push(Prisma.sql`"createdAt" < ${filters.to}::timestamp(3)`);
  return conditions;
}

/** The page's rows (limit + 1 at most), each with `columns` (list.ts reads CREATION_COLUMNS). */
export async function readColumnPage<Row>(db: Db, columns: Prisma.Sql, ownerId: string, filters: ColumnFilters & PageRequest, direction: 'asc' | 'desc'): Promise<Row[]> {
  const order = Prisma.raw(direction === 'asc' ? 'ASC' : 'DESC');
  const beyond = Prisma.raw(direction === 'asc' ? '>' : '<');
  const conditions = [Prisma.sql`"userId" = ${ownerId}`, Prisma.sql`"deletedAt" IS NULL`, ...conditionsOf(filters)];
  if (filters.cursor) conditions.push(Prisma.sql`("createdAt", "id") ${beyond} (SELECT "createdAt", "id" FROM "Generation" WHERE "id" = ${filters.cursor} AND "userId" = ${ownerId})`);
  return queryDirect<Row>(
    db,
    Prisma.sql`
      SELECT ${columns} FROM "Generation"
      WHERE ${Prisma.join(conditions, ' AND ')}
      ORDER BY "createdAt" ${order}, "id" ${order}
      LIMIT ${filters.limit + 1}`,
  );
}
