/** The caller's ledger rows, newest first, one cursor page at a time (Account → Credits). */
import type { Db } from '~/server/db/client';
import { readPage, type Page, type PageRequest } from '~/server/services/paging/cursor-page';

export type LedgerEntry = {
  id: string;
  amount: number;
  balanceAfter: number;
  reason: string;
  note: string | null;
  generationId: string | null;
  createdAt: Date;
};

export function listCreditHistory(db: Db, userId: string, page: PageRequest): Promise<Page<LedgerEntry>> {
  return readPage(userId, page, (args) =>
    db.creditLedgerEntry.findMany({
      where: { userId },
      ...args,
      select: { id: true, amount: true, balanceAfter: true, reason: true, note: true, generationId: true, createdAt: true },
    }),
  );
}
