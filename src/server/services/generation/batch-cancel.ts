/**
 * Canceling a batch: every item that has not started is ended as canceled and refunded (finish.ts:
 * a conditional transition with the refund in its transaction, so each item is refunded at most
 * once however often the batch is canceled, and an item that ends meanwhile keeps its result).
 * Items already at their provider are stopped there and end as a single cancel does (cancel.ts:
 * canceled and refunded); one the provider cannot stop in time ends as the provider says.
 */
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { readBatch, type BatchView } from './batch-read';
import { cancelRunning } from './cancel';
import { RUNNING_STATUSES } from './statuses';

export async function cancelBatch(db: Db, userId: string, batchId: string): Promise<BatchView> {
  const batch = await db.generationBatch.findFirst({ where: { id: batchId, userId }, select: { id: true } });
  if (!batch) throw new AppError('not_found', 'Batch not found.');
  await db.generationBatch.updateMany({ where: { id: batchId, canceledAt: null }, data: { canceledAt: new Date() } });
  const running = await db.generation.findMany({ where: { batchId, status: { in: [...RUNNING_STATUSES] } } });
  // Not-yet-started items first: they are the ones a dispatcher may take next.
  const order = (status: string) => (status === 'queued' ? 0 : 1);
  for (const row of running.sort((a, b) => order(a.status) - order(b.status))) await cancelRunning(db, row);
  return readBatch(db, userId, batchId);
}
