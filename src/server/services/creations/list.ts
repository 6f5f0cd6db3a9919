/**
 * The /creations list: one user's creations, filtered (type, status, model, search words, a date
 * range, starred, one collection), newest or oldest first, one cursor page at a time.
 *
 * Search matches "searchText", which the database keeps (see search-words.ts): each word anywhere in
 * it (LIKE '%word%', served by the trigram index), every word required.
 */
import type { Db } from '~/server/db/client';
import type { Generation, Prisma } from '~/server/db/generated/client';
import { INTERNAL_BY_FILTER } from '~/server/services/generation/statuses';
import { pageArgs, toPage, type Page, type PageRequest } from '~/server/services/paging/cursor-page';
import type { CreationStatusFilter, CreationTypeFilter } from '~/utils/creation-filters';
import { assertOwnCollection } from './collections';
import { searchWords } from './search-words';

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

/** LIKE's own characters in a word stand for themselves. */
function likeLiteral(word: string): string {
  return word.replace(/[\\%_]/gu, (c) => `\\${c}`);
}

export async function listCreations(db: Db, ownerId: string, filters: CreationFilters & PageRequest): Promise<Page<Generation>> {
  if (filters.collectionId) await assertOwnCollection(db, ownerId, filters.collectionId);
  const words = await searchWords(db, filters.q);
  const where: Prisma.GenerationWhereInput = {
    userId: ownerId,
    deletedAt: null,
    ...(filters.type ? { outputType: filters.type } : {}),
    ...(filters.status ? { status: { in: [...INTERNAL_BY_FILTER[filters.status]] } } : {}),
    ...(filters.modelId ? { modelId: filters.modelId } : {}),
    ...(filters.starred ? { starred: true } : {}),
    ...(filters.collectionId ? { collections: { some: { collectionId: filters.collectionId } } } : {}),
    ...(filters.from || filters.to ? { createdAt: { ...(filters.from ? { gte: filters.from } : {}), ...(filters.to ? { lt: filters.to } : {}) } } : {}),
    ...(words.length > 0 ? { AND: words.map((word) => ({ searchText: { contains: likeLiteral(word) } })) } : {}),
  };
  const direction = filters.sort === 'oldest' ? 'asc' : 'desc';
  const rows = await db.generation.findMany({ where, ...pageArgs(ownerId, filters, direction) });
  return toPage(rows, filters.limit);
}
