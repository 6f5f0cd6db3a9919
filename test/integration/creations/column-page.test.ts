/**
 * The list's pages without search or collection are one statement on the pool (column-page.ts):
 * for every filter on the row's own columns, each sort and each page after a cursor, the rows are
 * exactly those Prisma's findMany gives for the same where, order and cursor, column for column
 * (dates, JSON, nulls), including two rows created in the same millisecond (the id breaks the tie).
 * A cursor whose row left the list since its page was read (deleted, or no longer matching the
 * filter) still marks its place: the next page starts right after it. (findMany's cursor skips one
 * row after the cursor's place instead, so it would hide a creation there.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Prisma } from '~/server/db/generated/client';
import { CREATION_COLUMNS, listCreations, type CreationFilters } from '~/server/services/creations/list';
import { INTERNAL_BY_FILTER } from '~/server/services/generation/statuses';
import { pageArgs } from '~/server/services/paging/cursor-page';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { addCreation, minute } from './history-fixtures';

let studio: Studio;
let owner: StudioUser;
let deletedId: string;

beforeAll(async () => {
  studio = await startStudio();
  owner = await studio.createUser();
  const other = await studio.createUser();
  const kinds = [
    { modelId: 'flux-schnell', outputType: 'image', status: 'succeeded' },
    { modelId: 'kling-1.6', outputType: 'video', status: 'failed' },
    { modelId: 'flux-dev', outputType: 'image', status: 'processing' },
    { modelId: 'caption', outputType: 'text', status: 'succeeded' },
  ] as const;
  for (let i = 0; i < 24; i += 1) {
    const kind = kinds[i % kinds.length]!;
    // Creations 10 and 11 share their millisecond.
    const id = await addCreation(studio, owner, { prompt: `p${i}`, ...kind, createdAt: minute(i === 11 ? 10 : i) });
    if (i % 5 === 0) await studio.db.generation.update({ where: { id }, data: { starred: true, outputs: [{ key: `k${i}`, url: `/u/${i}`, contentType: 'image/png' }] } });
    if (i === 7) deletedId = id;
  }
  await studio.db.generation.update({ where: { id: deletedId }, data: { deletedAt: new Date() } });
  await addCreation(studio, other, { prompt: 'not mine', createdAt: minute(5) });
}, 90_000);

afterAll(async () => {
  await studio?.stop();
});

/** What findMany answers for the same request. */
async function throughPrisma(filters: CreationFilters & { limit: number; cursor?: string }): Promise<unknown[]> {
  const where: Prisma.GenerationWhereInput = {
    userId: owner.id,
    deletedAt: null,
    ...(filters.type ? { outputType: filters.type } : {}),
    ...(filters.status ? { status: { in: [...INTERNAL_BY_FILTER[filters.status]] } } : {}),
    ...(filters.modelId ? { modelId: filters.modelId } : {}),
    ...(filters.starred ? { starred: true } : {}),
    ...(filters.from || filters.to ? { createdAt: { ...(filters.from ? { gte: filters.from } : {}), ...(filters.to ? { lt: filters.to } : {}) } } : {}),
  };
  const rows = await studio.db.generation.findMany({ where, select: CREATION_COLUMNS, ...pageArgs(owner.id, filters, filters.sort === 'oldest' ? 'asc' : 'desc') });
  return rows.slice(0, filters.limit);
}

const FILTERS: CreationFilters[] = [
  {},
  { sort: 'oldest' },
  { type: 'image' },
  { type: 'video', sort: 'oldest' },
  { status: 'running' },
  { status: 'failed' },
  { status: 'succeeded', type: 'text' },
  { modelId: 'flux-schnell' },
  { starred: true },
  { from: minute(4), to: minute(15) },
  { from: minute(10), sort: 'oldest', type: 'image' },
];

describe('a page of creations on the pool', () => {
  it.each(FILTERS)('answers as findMany for %o, page after page', async (filters) => {
    let cursor: string | undefined;
    let pages = 0;
    do {
      const request = { ...filters, limit: 3, ...(cursor ? { cursor } : {}) };
      const page = await listCreations(studio.db, owner.id, request);
      expect(page.items).toEqual(await throughPrisma(request));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor && pages < 20);
    expect(cursor).toBeUndefined();
  });

  it('starts right after a cursor the owner deleted since, and finds nothing after a stranger’s', async () => {
    const page = await listCreations(studio.db, owner.id, { limit: 5, cursor: deletedId });
    expect(page.items.map((item) => item.input)).toEqual(['p6', 'p5', 'p4', 'p3', 'p2'].map((prompt) => ({ prompt })));
    // p5 failed: it is no running creation's id, yet the running ones older than it follow it.
    const running = await listCreations(studio.db, owner.id, { limit: 2, status: 'running', cursor: page.items[1]!.id });
    expect(running.items.map((item) => item.input)).toEqual([{ prompt: 'p2' }]);
    const stranger = (await studio.db.generation.findFirstOrThrow({ where: { userId: { not: owner.id } }, select: { id: true } })).id;
    expect(await listCreations(studio.db, owner.id, { limit: 5, cursor: stranger })).toEqual({ items: [], nextCursor: null });
  });
});
