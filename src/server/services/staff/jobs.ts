/**
 * The console's jobs: every generation, newest first, filtered by status, model, provider, user and
 * creation date, or only the stuck ones (running longer than their model's longest expected time,
 * from the catalogue). Each failure shows its provider's error text, and whether credits came back.
 */
import { longestEstimateFor, models } from '~/catalogue';
import { scaledMs } from '~/server/config/time-scale';
import type { Db } from '~/server/db/client';
import type { Prisma } from '~/server/db/generated/client';
import { everyOwnerPageArgs, type Page, toPage } from '~/server/services/paging/cursor-page';
import { RUNNING_STATUSES, type InternalStatus } from '~/server/services/generation/statuses';

export type JobFilter = {
  status?: InternalStatus | undefined;
  modelId?: string | undefined;
  platform?: string | undefined;
  userId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  stuck?: boolean | undefined;
};

export type JobRow = {
  id: string;
  userId: string;
  userEmail: string;
  modelId: string;
  platform: string;
  status: string;
  cost: number;
  error: string | null;
  createdAt: Date;
  dispatchAt: Date;
  completedAt: Date | null;
  rerunOfId: string | null;
  /** Whether its credits came back (a failure's or cancel's refund, or staff's). */
  refunded: boolean;
};

/** Running rows past their model's longest expected time: one condition per distinct duration. */
function stuckCondition(now: Date): Prisma.GenerationWhereInput {
  const byDuration = new Map<number, string[]>();
  for (const model of models) {
    const seconds = longestEstimateFor(model);
    byDuration.set(seconds, [...(byDuration.get(seconds) ?? []), model.id]);
  }
  return {
    status: { in: [...RUNNING_STATUSES] },
    OR: [...byDuration].map(([seconds, ids]) => ({ modelId: { in: ids }, dispatchAt: { lt: new Date(now.getTime() - scaledMs(seconds)) } })),
  };
}

export function jobWhere(filter: JobFilter, now = new Date()): Prisma.GenerationWhereInput {
  // Stuck jobs are running ones: a status that is not running leaves none.
  const status = filter.stuck && filter.status && !RUNNING_STATUSES.includes(filter.status) ? { status: { in: [] } } : filter.status ? { status: filter.status } : {};
  return {
    ...(filter.stuck ? stuckCondition(now) : {}),
    ...status,
    ...(filter.modelId ? { modelId: filter.modelId } : {}),
    ...(filter.platform ? { platform: filter.platform } : {}),
    ...(filter.userId ? { userId: filter.userId } : {}),
    ...(filter.from || filter.to ? { createdAt: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lt: filter.to } : {}) } } : {}),
  };
}

export async function listJobs(db: Db, filter: JobFilter, page: { limit: number; cursor?: string | undefined }): Promise<Page<JobRow>> {
  const rows = await db.generation.findMany({
    where: jobWhere(filter),
    ...everyOwnerPageArgs(page),
    select: {
      id: true,
      userId: true,
      modelId: true,
      platform: true,
      status: true,
      cost: true,
      error: true,
      createdAt: true,
      dispatchAt: true,
      completedAt: true,
      rerunOfId: true,
      user: { select: { email: true } },
      ledger: { where: { reason: 'generation_refund' }, select: { id: true } },
    },
  });
  const { items, nextCursor } = toPage(rows, page.limit);
  return {
    items: items.map(({ user, ledger, ...row }) => ({ ...row, userEmail: user.email, refunded: ledger.length > 0 })),
    nextCursor,
  };
}
