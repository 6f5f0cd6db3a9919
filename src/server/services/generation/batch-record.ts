/**
 * Recording a paid batch in ONE transaction: the batch row, every item's generation row, a ledger
 * debit per item (credits/ledger.ts debitEachWithinStatement: the sum taken at once, only if the
 * balance covers it), the API key's monthly spend and the privacy of the owner's inputs, all or
 * nothing, written by one statement (a data-modifying CTE) after the owner's row is locked.
 *
 * The lock makes one user's batches take turns: the same batch key sent many times at once is
 * recorded by the first and found by each of the others (read after the lock, so a batch that
 * committed while they waited is seen), which answer with it and charge nothing. A key already used
 * for a different request is refused, as a single submit's is (idempotency.ts).
 */
import type { Db } from '~/server/db/client';
import { Prisma, type GenerationBatch } from '~/server/db/generated/client';
import { newRowId } from '~/server/db/ids';
import { AppError } from '~/server/errors';
import { keySpendWithinStatement } from '~/server/services/api-keys/spend';
import { debitEachWithinStatement } from '~/server/services/credits/ledger';
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
  /** The key has a monthly cap: its spend is kept (and the cap held) in this statement. */
  keyCapped: boolean;
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
      const prior = batch.idempotencyKey ? await tx.generationBatch.findFirst({ where: { userId: batch.userId, idempotencyKey: batch.idempotencyKey } }) : null;
      if (prior) {
        if (prior.requestDigest !== batch.requestDigest) throw new AppError('idempotency_key_reused');
        const items = await tx.generation.findMany({ where: { batchId: prior.id }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: { id: true, dispatchAt: true } });
        return { kind: 'replayed' as const, batch: prior, items, balance: owner.credits };
      }
      if (!clientPriceAccepted(total, batch.shownCredits)) {
        throw new AppError('credit_mismatch', `This batch costs ${total} credits, but ${batch.shownCredits} were shown. Please review the price and try again.`);
      }
      if (owner.credits < total) {
        throw new AppError('insufficient_credits', `This batch needs ${total} credits, but you only have ${owner.credits}.`, { details: { credits: total, balance: owner.credits } });
      }
      const now = new Date();
      const plan = owner.premium ? batch.plans.premium : batch.plans.free;
      const isPublic = !(owner.premium && batch.askedPrivate);
      const dispatchAt = new Date(now.getTime() + plan.waitMs);
      const row: GenerationBatch = {
        id: newRowId(),
        userId: batch.userId,
        idempotencyKey: batch.idempotencyKey,
        requestDigest: batch.requestDigest,
        modelId: batch.modelId,
        prompts: batch.prompts,
        variations: batch.variations,
        itemCount: batch.items.length,
        cost: total,
        createdAt: now,
        canceledAt: null,
      };
      const items = batch.items.map((item) => ({ ...item, id: newRowId(), input: { ...item.input, is_public: isPublic } }));
      const [answer] = await tx.$queryRaw<{ balance: number | null; withinCap: boolean }[]>(
        batchStatement(batch, row, items, { isPublic, waitSeconds: plan.waitSeconds, dispatchAt, deadlineAt: new Date(dispatchAt.getTime() + plan.timeLimitMs), now }),
      );
      if (answer?.withinCap === false) throw new AppError('api_key_cap_reached');
      if (answer?.balance === null || answer?.balance === undefined) throw new AppError('insufficient_credits');
      return { kind: 'recorded' as const, batch: row, items: items.map(({ id }) => ({ id, dispatchAt })), balance: answer.balance };
    },
    { maxWait: 30_000, timeout: 30_000 },
  );
}

type Placed = { isPublic: boolean; waitSeconds: number; dispatchAt: Date; deadlineAt: Date; now: Date };

/** The one statement: the debit (within the key's cap), the batch row, its generations, their ledger rows, the key's spend, the inputs' privacy. */
function batchStatement(batch: NewBatch, row: GenerationBatch, items: (BatchItemPlan & { id: string })[], placed: Placed): Prisma.Sql {
  const { now } = placed;
  const keySpend = batch.apiKeyId && batch.keyCapped ? keySpendWithinStatement(batch.apiKeyId, row.cost, now) : null;
  const withinCap = keySpend ? keySpend.within('key') : Prisma.sql`true`;
  const ledger = debitEachWithinStatement(batch.userId, items.map((item) => ({ amount: item.cost, generationId: item.id })), { reason: 'generation_debit', note: batch.note }, withinCap);
  const privateInputs = placed.isPublic ? null : inputsPrivateWithinStatement(batch.userId, items[0]?.input ?? {}, Prisma.sql`EXISTS (SELECT 1 FROM "debit")`);
  const shared = { userId: batch.userId, modelId: batch.modelId, mode: batch.mode, appId: batch.appId, pageId: batch.pageId, appType: batch.appType, outputType: batch.outputType, platform: batch.platform, apiKeyId: batch.apiKeyId };
  const rows = items.map((item) => ({ id: item.id, input: item.input, cost: item.cost, outputNum: item.outputNum, providerTarget: item.providerTarget, estimatedSeconds: item.estimatedSeconds }));
  return Prisma.sql`
    WITH ${keySpend ? Prisma.sql`"key" AS (${keySpend.lock}),` : Prisma.empty}
    "debit" AS (${ledger.debit}),
    "batch" AS (
      INSERT INTO "GenerationBatch" ("id", "userId", "idempotencyKey", "requestDigest", "modelId", "prompts", "variations", "itemCount", "cost", "createdAt")
      SELECT ${row.id}, ${row.userId}, ${row.idempotencyKey}::text, ${row.requestDigest}, ${row.modelId}, ${row.prompts}::int, ${row.variations}::int, ${row.itemCount}::int, ${row.cost}::int, ${now}::timestamp(3)
      FROM "debit" RETURNING "id"
    ),
    "items" AS (
      INSERT INTO "Generation" (
        "id", "userId", "batchId", "modelId", "mode", "appId", "pageId", "appType", "outputType", "status", "input", "cost", "outputNum",
        "isPublic", "platform", "providerTarget", "estimatedSeconds", "waitSeconds", "dispatchAt", "deadlineAt", "createdAt", "updatedAt", "apiKeyId")
      SELECT i."id", ${shared.userId}, b."id", ${shared.modelId}, ${shared.mode}::text, ${shared.appId}::text, ${shared.pageId}::text, ${shared.appType}, ${shared.outputType}, 'queued',
        i."input", i."cost", i."outputNum", ${placed.isPublic}::boolean, ${shared.platform}, i."providerTarget", i."estimatedSeconds", ${placed.waitSeconds}::int,
        ${placed.dispatchAt}::timestamp(3), ${placed.deadlineAt}::timestamp(3), ${now}::timestamp(3), ${now}::timestamp(3), ${shared.apiKeyId}::text
      FROM "batch" AS b,
        jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS i("id" text, "input" jsonb, "cost" int, "outputNum" int, "providerTarget" text, "estimatedSeconds" int)
      RETURNING "id"
    ),
    "entries" AS (${ledger.entries('debit', now)})
    ${keySpend ? Prisma.sql`, "key_spent" AS (${keySpend.add('key', Prisma.sql`EXISTS (SELECT 1 FROM "debit")`)})` : Prisma.empty}
    ${privateInputs ? Prisma.sql`, "private_inputs" AS (${privateInputs})` : Prisma.empty}
    SELECT (SELECT "credits" FROM "debit") AS "balance", ${withinCap} AS "withinCap"`;
}
