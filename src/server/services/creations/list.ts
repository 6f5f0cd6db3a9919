/**
 * The /creations list: one user's creations, filtered (type, status, model, search words, a date
 * range, starred, one collection), newest or oldest first, one cursor page at a time.
 *
 * Search matches "searchText", which the database keeps (see search-words.ts): each word anywhere in
 * it (LIKE '%word%'), every word required. Which rows a search reads is search-matches.ts's choice:
 * only the owner's, through a per-user index, so its cost does not grow with other people's rows.
 */
import type { Db } from '~/server/db/client';
import { columnList } from '~/server/db/column-list';
import type { Prisma } from '~/server/db/generated/client';
import { PREDICTION_COLUMNS } from '~/server/services/generation/present';
import { INTERNAL_BY_FILTER } from '~/server/services/generation/statuses';
import { pageArgs, toPage, type Page, type PageRequest } from '~/server/services/paging/cursor-page';
import type { CreationStatusFilter, CreationTypeFilter } from '~/utils/creation-filters';
import { assertOwnCollection } from './collections';
import { findSearchMatches, idsOfFixedLength } from './search-matches';
import { likeLiteral, searchWords } from './search-words';
import { onColumnsOnly, readColumnPage } from './column-page';

export const CREATION_SORTS = ['newest', 'oldest'] as const;
export type CreationSort = (typeof CREATION_SORTS)[number];

export type CreationFilters = {
  type?: CreationTypeFilter | undefined;
  status?: CreationStatusFilter | undefined;
  modelId?: string | undefined;
  /** Words from the prompt or the caption text. */
  q?: string | undefined;
  /** Created at or after `from`, and before `to` (both optional). */
  from?: Date | undefined;
  to?: Date | undefined;
  starred?: boolean | undefined;
  collectionId?: string | undefined;
  sort?: CreationSort | undefined;
};

/** What a row of the list is read with: the prediction's columns and the owner's star (not the whole row). */
export const CREATION_COLUMNS = { ...PREDICTION_COLUMNS, starred: true } as const satisfies Prisma.GenerationSelect;
export type CreationRow = Prisma.GenerationGetPayload<{ select: typeof CREATION_COLUMNS }>;
const CREATION_COLUMNS_SQL = columnList(Object.keys(CREATION_COLUMNS));

export async function listCreations(db: Db, ownerId: string, filters: CreationFilters & PageRequest): Promise<Page<CreationRow>> {
  const direction = filters.sort === 'oldest' ? 'asc' : 'desc';
  // Without search words or a collection: column-page.ts's one statement.
  if (onColumnsOnly(filters)) return toPage(await readColumnPage<CreationRow>(db, CREATION_COLUMNS_SQL, ownerId, filters, direction), filters.limit);
  if (filters.collectionId) await assertOwnCollection(db, ownerId, filters.collectionId);
  const words = await searchWords(db, filters.q);
  const matches = words.length > 0 ? await findSearchMatches(db, ownerId, words) : undefined;
  const where: Prisma.GenerationWhereInput = {
    // Few matches: the page is read among them by id (search-matches.ts found them among the
    // owner's rows only). Otherwise by walking the owner's history in order, stopping at the page.
    // Never both: a plan prepared once for any user would read the whole history of the owner's
    // "userId" to intersect it with the ids.
    ...(matches?.kind === 'few' ? { id: { in: idsOfFixedLength(matches.ids) } } : { userId: ownerId }),
    deletedAt: null,
    ...(filters.type ? { outputType: filters.type } : {}),
    ...(filters.status ? { status: { in: [...INTERNAL_BY_FILTER[filters.status]] } } : {}),
    ...(filters.modelId ? { modelId: filters.modelId } : {}),
    ...(filters.starred ? { starred: true } : {}),
    ...(filters.collectionId ? { collections: { some: { collectionId: filters.collectionId } } } : {}),
    ...(filters.from || filters.to ? { createdAt: { ...(filters.from ? { gte: filters.from } : {}), ...(filters.to ? { lt: filters.to } : {}) } } : {}),
    ...(words.length > 0 ? { AND: words.map((word) => ({ searchText: { contains: likeLiteral(word) } })) } : {}),
  };
  const rows = await db.generation.findMany({ where, select: CREATION_COLUMNS, ...pageArgs(ownerId, filters, direction) });
  return toPage(rows, filters.limit);
}
