/** The caller's purchases, newest first (Account → Billing). */
import type { Db } from '~/server/db/client';

export type PurchaseStatus = 'paid' | 'refunded' | 'partially_refunded' | 'disputed';

export async function listPurchases(db: Db, userId: string, page: { limit: number; cursor?: string }) {
  const rows = await db.purchase.findMany({
    where: { userId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: page.limit + 1,
    // The cursor must be one of the caller's own purchases: anyone else's is as unknown as a made-up one.
    ...(page.cursor ? { cursor: { id: page.cursor, userId }, skip: 1 } : {}),
    select: { id: true, createdAt: true, item: true, kind: true, credits: true, amount: true, currency: true, status: true, receiptUrl: true },
  });
  const hasMore = rows.length > page.limit;
  const items = (hasMore ? rows.slice(0, page.limit) : rows).map((row) => ({
    ...row,
    kind: row.kind as 'pack' | 'plan',
    status: row.status as PurchaseStatus,
  }));
  return { items, nextCursor: hasMore ? items[items.length - 1]?.id ?? null : null };
}
