/**
 * Recording a paid generation in ONE statement (a data-modifying CTE: one round trip, one
 * transaction): the generation row, the ledger's conditional debit, its ledger row and the
 * privacy of the owner's inputs are written together or not at all. The statement also answers
 * what the submit would otherwise have read first: whether the user exists, their plan (which
 * decides the queue wait and the privacy, so both variants are sent and the row takes the one that
 * applies), and the generation already recorded under the same idempotency key.
 *
 * Money rules, unchanged: the debit is the ledger's own conditional UPDATE (concurrent submits
 * never overdraw: the row lock serialises them and each rechecks the balance), a key already used
 * answers with its generation and charges nothing, and two submits racing with one key are
 * stopped by the unique (userId, idempotencyKey) index, which rolls the loser's whole statement
 * back (its debit included) before it answers with the winner's generation. A submit made with an
 * API key also locks the key's row and is debited only within its monthly cap (api-keys/spend.ts).
 */
import type { Db } from '~/server/db/client';
import { columnList } from '~/server/db/column-list';
import { queryDirect } from '~/server/db/direct-query';
import { isUniqueViolation } from '~/server/db/errors';
import { Prisma, type Generation } from '~/server/db/generated/client';
import { newRowId } from '~/server/db/ids';
import { keySpendWithinStatement } from '~/server/services/api-keys/spend';
import { debitWithinStatement } from '~/server/services/credits/ledger';
import { inputsPrivateWithinStatement } from './private-inputs';

/** What depends on the user's plan. */
export type PlanVariant = { isPublic: boolean; input: Record<string, unknown>; waitSeconds: number; dispatchAt: Date; deadlineAt: Date };

export type NewGeneration = {
  userId: string;
  idempotencyKey: string | null;
  modelId: string;
  mode: string | null;
  appId: string | null;
  pageId: string | null;
  appType: string;
  outputType: string;
  cost: number;
  outputNum: number;
  platform: string;
  providerTarget: string;
  estimatedSeconds: number;
  /** The ledger row's note (the model's name). */
  note: string;
  /** False when the client showed a lower price: then nothing is charged or recorded. */
  priceAccepted: boolean;
  /** The API key it is submitted with (its monthly cap applies), or null. */
  apiKeyId: string | null;
  /** The key has a monthly cap: its spend is kept (and the cap held) in this statement. */
  keyCapped: boolean;
  variants: { premium: PlanVariant; free: PlanVariant };
};

export type RecordOutcome =
  | { kind: 'recorded'; row: Generation; balance: number }
  | { kind: 'replayed'; row: Generation; balance: number }
  | { kind: 'no_user' }
  /** Nothing written: the price was not accepted, the key's monthly cap is reached, or the balance does not cover it. */
  | { kind: 'refused'; capReached: boolean };

type Answer = Generation & { __user: string | null; __credits: number | null; __balance: number | null; __within_cap: boolean | null };

/** Every column of a generation, named (a `*` would change shape under a prepared statement when a column is added). */
const COLUMNS = columnList(Object.values(Prisma.GenerationScalarFieldEnum));

export async function recordPaidGeneration(db: Db, generation: NewGeneration): Promise<RecordOutcome> {
  try {
    return await runStatement(db, generation);
  } catch (error) {
    // Two submits with the same key raced: the loser's statement was rolled back whole; asked
    // again, it now answers with the winner's generation.
    if (generation.idempotencyKey && isUniqueViolation(error)) return runStatement(db, generation);
    throw error;
  }
}

async function runStatement(db: Db, g: NewGeneration): Promise<RecordOutcome> {
  const [answer] = await queryDirect<Answer>(db, recordStatement(g));
  if (!answer?.__user) return { kind: 'no_user' };
  if (answer.id === null) return { kind: 'refused', capReached: answer.__within_cap === false };
  const { __user, __credits, __balance, __within_cap, ...row } = answer;
  return __balance !== null ? { kind: 'recorded', row, balance: __balance } : { kind: 'replayed', row, balance: __credits ?? 0 };
}

/** The one statement (exported for its plan test: test/integration/generation/record-plan.test.ts). */
export function recordStatement(g: NewGeneration): Prisma.Sql {
  const now = new Date();
  const { premium, free } = g.variants;
  const byPlan = (choose: (variant: PlanVariant) => Prisma.Sql) => Prisma.sql`CASE WHEN debited."premium" THEN ${choose(premium)} ELSE ${choose(free)} END`;
  const keySpend = g.apiKeyId && g.keyCapped ? keySpendWithinStatement(g.apiKeyId, g.cost, now) : null;
  const withinCap = keySpend ? keySpend.within('key') : Prisma.sql`true`;
  const ledger = debitWithinStatement(g.userId, g.cost, { reason: 'generation_debit', note: g.note }, Prisma.sql`NOT EXISTS (SELECT 1 FROM "prior") AND ${g.priceAccepted}::boolean AND ${withinCap}`);
  // Private inputs only matter when a private generation may be recorded, i.e. for premium.
  const privateInputs = premium.isPublic
    ? null
    : inputsPrivateWithinStatement(g.userId, premium.input, Prisma.sql`EXISTS (SELECT 1 FROM "created" WHERE NOT "created"."isPublic")`);
  return Prisma.sql`
    WITH "me" AS (SELECT "id", "credits" FROM "User" WHERE "id" = ${g.userId}),
    "prior" AS (SELECT ${COLUMNS} FROM "Generation" WHERE "userId" = ${g.userId} AND "idempotencyKey" = ${g.idempotencyKey}::text),
    ${keySpend ? Prisma.sql`"key" AS (${keySpend.lock}),` : Prisma.empty}
    "debit" AS (${ledger.debit}),
    "created" AS (
      INSERT INTO "Generation" (
        "id", "userId", "modelId", "mode", "appId", "pageId", "appType", "outputType", "status", "input", "cost", "outputNum",
        "isPublic", "idempotencyKey", "platform", "providerTarget", "estimatedSeconds", "waitSeconds", "dispatchAt", "deadlineAt",
        "createdAt", "updatedAt", "apiKeyId")
      SELECT ${newRowId()}, ${g.userId}, ${g.modelId}, ${g.mode}::text, ${g.appId}::text, ${g.pageId}::text, ${g.appType}, ${g.outputType}, 'queued',
        ${byPlan((v) => Prisma.sql`${JSON.stringify(v.input)}::jsonb`)}, ${g.cost}::int, ${g.outputNum}::int,
        ${byPlan((v) => Prisma.sql`${v.isPublic}::boolean`)}, ${g.idempotencyKey}::text, ${g.platform}, ${g.providerTarget}, ${g.estimatedSeconds}::int,
        ${byPlan((v) => Prisma.sql`${v.waitSeconds}::int`)}, ${byPlan((v) => Prisma.sql`${v.dispatchAt}::timestamp(3)`)},
        ${byPlan((v) => Prisma.sql`${v.deadlineAt}::timestamp(3)`)}, ${now}::timestamp(3), ${now}::timestamp(3), ${g.apiKeyId}::text
      FROM "debit" AS debited
      RETURNING ${COLUMNS}
    ),
    "entry" AS (${ledger.entry('debit', Prisma.sql`(SELECT "id" FROM "created")`, now)})
    ${privateInputs ? Prisma.sql`, "private_inputs" AS (${privateInputs})` : Prisma.empty}
    ${keySpend ? Prisma.sql`, "key_spent" AS (${keySpend.add('key', Prisma.sql`EXISTS (SELECT 1 FROM "created")`)})` : Prisma.empty}
    SELECT "me"."id" AS "__user", "me"."credits" AS "__credits", "debit"."credits" AS "__balance", ${withinCap} AS "__within_cap", answered.*
    FROM (SELECT 1) AS "one"
    LEFT JOIN "me" ON true
    LEFT JOIN "debit" ON true
    LEFT JOIN (SELECT ${COLUMNS} FROM "created" UNION ALL SELECT ${COLUMNS} FROM "prior") AS answered ON true`;
}

