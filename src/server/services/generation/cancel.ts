/** Canceling one's own running generation: the provider is told, the credits come back once. */
import type { Db } from '~/server/db/client';
import type { Generation } from '~/server/db/generated/client';
import { AppError } from '~/server/errors';
import { finishFailed } from './finish';
import { providerFor } from './provider-registry';
import { CANCELED_ERROR, isRunning } from './statuses';

export async function cancelGeneration(db: Db, userId: string, id: string): Promise<void> {
  const row = await db.generation.findFirst({ where: { id, userId, deletedAt: null } });
  if (!row) throw new AppError('not_found', 'Generation not found.');
  if (!isRunning(row.status)) throw new AppError('not_running');
  if (!(await cancelRunning(db, row))) throw new AppError('not_running');
}

/** Tells the provider (if it has the job) and ends the generation as canceled, refunded; false when it had already ended. */
export async function cancelRunning(db: Db, row: Pick<Generation, 'id' | 'platform' | 'providerJobId' | 'providerTarget'>): Promise<boolean> {
  if (row.providerJobId) {
    await providerFor(row.platform, db)
      .cancel(row.providerJobId, row.providerTarget)
      .catch((error: unknown) => console.warn(`[engine] provider cancel of ${row.id} failed:`, error instanceof Error ? error.message : error));
  }
  return finishFailed(db, row.id, CANCELED_ERROR, 'canceled');
}
