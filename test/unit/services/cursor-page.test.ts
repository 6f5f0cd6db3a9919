import { describe, expect, it } from 'vitest';
import { mapPage, pageArgs, readPage, toPage } from '~/server/services/paging/cursor-page';

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `r${i + 1}` }));

describe('cursor pagination, written once (services/paging/cursor-page.ts)', () => {
  it('asks for one row more than the page, newest first by (createdAt, id)', () => {
    expect(pageArgs('u1', { limit: 20 })).toEqual({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 21 });
  });

  it('starts after the cursor, which must be one of the same owner’s rows', () => {
    expect(pageArgs('u1', { limit: 5, cursor: 'g9' })).toEqual({
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 6,
      cursor: { id: 'g9', userId: 'u1' },
      skip: 1,
    });
  });

  it('reads oldest first when asked, with the same cursor rule', () => {
    expect(pageArgs('u1', { limit: 5, cursor: 'g9' }, 'asc')).toEqual({
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: 6,
      cursor: { id: 'g9', userId: 'u1' },
      skip: 1,
    });
  });

  it('cuts the extra row into nextCursor: the last item kept; none on the last page', () => {
    expect(toPage(rows(4), 3)).toEqual({ items: rows(3), nextCursor: 'r3' });
    expect(toPage(rows(3), 3)).toEqual({ items: rows(3), nextCursor: null });
    expect(toPage([], 3)).toEqual({ items: [], nextCursor: null });
  });

  it('reads through the caller’s query with those arguments, and presents items without moving the cursor', async () => {
    const seen: unknown[] = [];
    const page = await readPage('u1', { limit: 2, cursor: 'r0' }, async (args) => {
      seen.push(args);
      return rows(3);
    });
    expect(seen).toEqual([pageArgs('u1', { limit: 2, cursor: 'r0' })]);
    expect(mapPage(page, (row) => row.id.toUpperCase())).toEqual({ items: ['R1', 'R2'], nextCursor: 'r2' });
  });
});
