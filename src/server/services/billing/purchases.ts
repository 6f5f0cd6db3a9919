/** The caller's purchases, newest first (Account → Billing). */
import type { Db } from '~/server/db/client';
import { mapPage, readPage, type PageRequest } from '~/server/services/paging/cursor-page';

export type PurchaseStatus = 'paid' | 'refunded' | 'partially_refunded' | 'disputed';

export async function listPurchases(db: Db, userId: string, page: PageRequest) {
  const rows = await readPage(userId, page, (args) =>
    db.purchase.findMany({
      where: { userId },
      ...args,
      select: { id: true, createdAt: true, item: true, kind: true, credits: true, amount: true, currency: true, status: true, receiptUrl: true },
    }),
  );
  return mapPage(rows, (row) => ({ ...row, kind: row.kind as 'pack' | 'plan', status: row.status as PurchaseStatus }));
}
