/**
 * Reading a batch as its owner sees it: its items (as predictions, prompt by prompt) with their
 * states and progress, and how many have ended ("7 of 24 done"). The user's recent batches are
 * read without their items' predictions: the queue panel and My creations only need to know which
 * of the creations they already show belong together.
 */
import { z } from 'zod';
import { getModel } from '~/catalogue';
import type { Db } from '~/server/db/client';
import type { Generation, GenerationBatch } from '~/server/db/generated/client';
import { AppError } from '~/server/errors';
import { predictionSchema, toPrediction } from './present';
import { isRunning } from './statuses';

export const BATCH_STATES = ['running', 'completed', 'canceled'] as const;

/** How far a batch has come: its items that ended, succeeded and failed (a canceled one counts as failed). */
export const batchCountsSchema = z.object({
  itemCount: z.number().int(),
  done: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
});

export const batchSummarySchema = batchCountsSchema.extend({
  id: z.string(),
  modelId: z.string(),
  modelName: z.string(),
  prompts: z.number().int(),
  variations: z.number().int(),
  cost: z.number().int(),
  createdAt: z.date(),
  canceledAt: z.date().nullable(),
  /** running while any item runs; then completed, or canceled when the owner canceled it. */
  state: z.enum(BATCH_STATES),
  /** Its items' ids, prompt by prompt, each prompt's variations in a row. */
  itemIds: z.array(z.string()),
});

export const batchSchema = batchSummarySchema.extend({ items: z.array(predictionSchema) });

export type BatchSummary = z.output<typeof batchSummarySchema>;
export type BatchView = z.output<typeof batchSchema>;

type ItemState = Pick<Generation, 'id' | 'status'>;

function summaryOf(batch: GenerationBatch, items: readonly ItemState[]): BatchSummary {
  const running = items.filter((item) => isRunning(item.status)).length;
  const succeeded = items.filter((item) => item.status === 'succeeded').length;
  return {
    id: batch.id,
    modelId: batch.modelId,
    modelName: getModel(batch.modelId)?.name ?? batch.modelId,
    prompts: batch.prompts,
    variations: batch.variations,
    cost: batch.cost,
    createdAt: batch.createdAt,
    canceledAt: batch.canceledAt,
    itemCount: batch.itemCount,
    // An item its owner deleted counts as done: the count still reaches the batch's size.
    done: batch.itemCount - running,
    succeeded,
    failed: batch.itemCount - running - succeeded,
    state: running > 0 ? 'running' : batch.canceledAt ? 'canceled' : 'completed',
    itemIds: items.map((item) => item.id),
  };
}

/** Items in the order they were made (ids sort by creation; all of a batch's share one instant). */
const ITEM_ORDER = [{ createdAt: 'asc' as const }, { id: 'asc' as const }];

export async function readBatch(db: Db, userId: string, batchId: string): Promise<BatchView> {
  const batch = await db.generationBatch.findFirst({ where: { id: batchId, userId } });
  if (!batch) throw new AppError('not_found', 'Batch not found.');
  const items = await db.generation.findMany({ where: { batchId, deletedAt: null }, orderBy: ITEM_ORDER });
  return { ...summaryOf(batch, items), items: items.map((item) => toPrediction(item, userId)) };
}

/** How many recent batches the queue panel and My creations group. */
export const RECENT_BATCHES = 20;

export async function recentBatches(db: Db, userId: string): Promise<BatchSummary[]> {
  const batches = await db.generationBatch.findMany({ where: { userId }, orderBy: { createdAt: 'desc' }, take: RECENT_BATCHES });
  if (batches.length === 0) return [];
  const items = await db.generation.findMany({
    where: { batchId: { in: batches.map((batch) => batch.id) }, deletedAt: null },
    orderBy: ITEM_ORDER,
    select: { id: true, status: true, batchId: true },
  });
  return batches.map((batch) => summaryOf(batch, items.filter((item) => item.batchId === batch.id)));
}
