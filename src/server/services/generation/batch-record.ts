/**
 * Recording a paid batch in ONE transaction: the batch row, every item's generation row, a ledger
 * debit per item (credits/ledger.ts debitEach: the sum taken at once, only if the balance covers
 * it), the API key's monthly spend and the privacy of the owner's inputs, all or nothing.
 *
 * The owner's row is locked first, so one user's batches (and submits) take turns: the same batch
 * key sent many times at once is inserted by the first and found by each of the others, which
 * answer with it and charge nothing. A key already used for a different request is refused, as a
 * single submit's is (idempotency.ts).
 */
import type { Db } from '~/server/db/client';
import { Prisma, type GenerationBatch } from '~/server/db/generated/client';
import { newRowId } from '~/server/db/ids';
import { AppError } from '~/server/errors';
import { keySpendWithinStatement } from '~/server/services/api-keys/spend';
import { debitEach } from '~/server/services/credits/ledger';
import { clientPriceAccepted } from './pricing';
import { inputsPrivateWithinStatement } from './private-inputs';

/** What differs between the plans for every item: the queue wait (spec seconds, and as waited) and the time limit. */
export type BatchPlan = { waitSeconds: number; waitMs: number; timeLimitMs: number };

export type BatchItemPlan = {
  input: Record<string, unknown>;
  cost: number;
  outputNum: number;
  providerTarget: string;
  estimatedSeconds: number;
};

export type NewBatch = {
  userId: string;
  idempotencyKey: string | null;
  requestDigest: string;
  modelId: string;
  mode: string | null;
  appId: string | null;
  pageId: string | null;
  appType: string;
  outputType: string;
  platform: string;
  /** The ledger rows' note (the model's name). */
  note: string;
  prompts: number;
  variations: number;
  /** The client's shown total, if it sent one (a lower one than the cost refuses the batch). */
  shownCredits: number | undefined;
  apiKeyId: string | null;
  /** The caller asked for private results (premium only: anyone else's are public). */
  askedPrivate: boolean;
  plans: { premium: BatchPlan; free: BatchPlan };
  items: BatchItemPlan[];
};

export type BatchOutcome = { kind: 'recorded' | 'replayed'; batch: GenerationBatch; items: { id: string; dispatchAt: Date }[]; balance: number };

export function batchTotal(batch: Pick<NewBatch, 'items'>): number {
  return batch.items.reduce((sum, item) => sum + item.cost, 0);
}

export async function recordPaidBatch(db: Db, batch: NewBatch): Promise<BatchOutcome> {
  const total = batchTotal(batch);
  return db.$transaction(
    async (tx) => {
      const [owner] = await tx.$queryRaw<{ credits: number; premium: boolean }[]>`SELECT "credits", "premium" FROM "User" WHERE "id" = ${batch.userId} FOR UPDATE`;
      if (!owner) throw new AppError('unauthorized');
      const now = new Date();
      const batchId = newRowId();
      const row = { id: batchId, userId: batch.userId, idempotencyKey: batch.idempotencyKey, requestDigest: batch.requestDigest, modelId: batch.modelId, prompts: batch.prompts, variations: batch.variations, itemCount: batch.items.length, cost: total, createdAt: now };
      const inserted = await tx.generationBatch.createMany({ data: [row], skipDuplicates: true });
      if (inserted.count === 0) {
        const prior = await tx.generationBatch.findFirstOrThrow({ where: { userId: batch.userId, idempotencyKey: batch.idempotencyKey } });
        if (prior.requestDigest !== batch.requestDigest) throw new AppError('idempotency_key_reused');
        const items = await tx.generation.findMany({ where: { batchId: prior.id }, orderBy: { id: 'asc' }, select: { id: true, dispatchAt: true } });
        return { kind: 'replayed' as const, batch: prior, items, balance: owner.credits };
      }
      if (!clientPriceAccepted(total, batch.shownCredits)) {
        throw new AppError('credit_mismatch', `This batch costs ${total} credits, but ${batch.shownCredits} were shown. Please review the price and try again.`);
      }
      if (owner.credits < total) {
        throw new AppError('insufficient_credits', `This batch needs ${total} credits, but you only have ${owner.credits}.`, { details: { credits: total, balance: owner.credits } });
      }
      if (batch.apiKeyId && !(await spendOnKey(tx, batch.apiKeyId, total, now))) throw new AppError('api_key_cap_reached');
      const plan = owner.premium ? batch.plans.premium : batch.plans.free;
      const isPublic = !(owner.premium && batch.askedPrivate);
      const dispatchAt = new Date(now.getTime() + plan.waitMs);
      const deadlineAt = new Date(dispatchAt.getTime() + plan.timeLimitMs);
      const items = batch.items.map((item) => ({ ...item, id: newRowId() }));
      await tx.generation.createMany({
        data: items.map((item) => ({
          id: item.id,
          userId: batch.userId,
          batchId,
          modelId: batch.modelId,
          mode: batch.mode,
          appId: batch.appId,
          pageId: batch.pageId,
          appType: batch.appType,
          outputType: batch.outputType,
          status: 'queued',
          input: { ...item.input, is_public: isPublic } as Prisma.InputJsonValue,
          cost: item.cost,
          outputNum: item.outputNum,
          isPublic,
          platform: batch.platform,
          providerTarget: item.providerTarget,
          estimatedSeconds: item.estimatedSeconds,
          waitSeconds: plan.waitSeconds,
          dispatchAt,
          deadlineAt,
          createdAt: now,
          apiKeyId: batch.apiKeyId,
        })),
      });
      const balance = await debitEach(tx, batch.userId, items.map((item) => ({ amount: item.cost, generationId: item.id, note: batch.note })));
      if (balance === null) throw new AppError('insufficient_credits');
      if (!isPublic) {
        const privateInputs = inputsPrivateWithinStatement(batch.userId, items[0]?.input ?? {}, Prisma.sql`true`);
        if (privateInputs) await tx.$executeRaw(privateInputs);
      }
      const recorded = await tx.generationBatch.findUniqueOrThrow({ where: { id: batchId } });
      return { kind: 'recorded' as const, batch: recorded, items: items.map(({ id }) => ({ id, dispatchAt })), balance };
    },
    { maxWait: 30_000, timeout: 30_000 },
  );
}

/** Adds the batch's total to the key's monthly spend when it fits under its cap; false (nothing written) otherwise. */
async function spendOnKey(tx: Prisma.TransactionClient, apiKeyId: string, total: number, at: Date): Promise<boolean> {
  const spend = keySpendWithinStatement(apiKeyId, total, at);
  const [answer] = await tx.$queryRaw<{ ok: boolean }[]>`
    WITH "key" AS (${spend.lock}), "spent" AS (${spend.add('key', spend.within('key'))})
    SELECT ${spend.within('key')} AS "ok"`;
  return answer?.ok === true;
}
