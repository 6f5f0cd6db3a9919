/**
 * Cursor pagination, written once: every paged list of a person's rows (creations, credit
 * history, purchases, ...) reads newest first by (createdAt, id), or oldest first when asked, one
 * row more than asked so it knows whether a next page exists, and after a cursor that must be one
 * of the same person's rows.
 *
 *   const page = await readPage(userId, input, (args) => db.purchase.findMany({ where: { userId }, ...args }));
 *
 * The arguments are plain Prisma findMany arguments, so the query (and its index) stays the one
 * the caller would have written by hand.
 */

/** What a caller asks for: how many rows, and after which of its own rows (the previous page's nextCursor). */
export type PageRequest = { limit: number; cursor?: string | undefined };

/** One page, and the cursor of the next one (null on the last page). */
export type Page<T> = { items: T[]; nextCursor: string | null };

/** The findMany arguments of one page: spread them into the query beside its own where/select. */
export type PageArgs<D extends Direction = 'desc'> = {
  orderBy: [{ createdAt: D }, { id: D }];
  take: number;
  cursor?: { id: string; userId: string };
  skip?: number;
};

/** Newest first (every list's default) or oldest first (a list a person may turn around). */
export type Direction = 'desc' | 'asc';

export function pageArgs<D extends Direction = 'desc'>(ownerId: string, page: PageRequest, direction: D = 'desc' as D): PageArgs<D> {
  return {
    orderBy: [{ createdAt: direction }, { id: direction }],
    take: page.limit + 1,
    // The cursor must be one of the owner's own rows: anyone else's id is as unknown as a made-up one.
    ...(page.cursor ? { cursor: { id: page.cursor, userId: ownerId }, skip: 1 } : {}),
  };
}

/**
 * The findMany arguments of one page of a list across every owner (the staff console's), newest
 * first: the cursor is any row's id, since staff may read every row.
 */
export function everyOwnerPageArgs(page: PageRequest): { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }]; take: number; cursor?: { id: string }; skip?: number } {
  return {
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: page.limit + 1,
    ...(page.cursor ? { cursor: { id: page.cursor }, skip: 1 } : {}),
  };
}

/** Reads one page through `read` (a findMany given pageArgs) and cuts the extra row into nextCursor. */
export async function readPage<Row extends { id: string }>(
  ownerId: string,
  page: PageRequest,
  read: (args: PageArgs) => Promise<Row[]>,
): Promise<Page<Row>> {
  return toPage(await read(pageArgs(ownerId, page)), page.limit);
}

/** Rows read with pageArgs (limit + 1 of them at most) as a page. */
export function toPage<Row extends { id: string }>(rows: Row[], limit: number): Page<Row> {
  const hasMore = rows.length > limit;
  const items = hasMore ? rows.slice(0, limit) : rows;
  return { items, nextCursor: hasMore ? (items[items.length - 1]?.id ?? null) : null };
}

/** The same page with each item presented for the caller (the cursor is the row's id, unchanged). */
export function mapPage<Row, Item>(page: Page<Row>, present: (row: Row) => Item): Page<Item> {
  return { items: page.items.map(present), nextCursor: page.nextCursor };
}
