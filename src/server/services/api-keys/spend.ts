/**
 * A key's monthly credit cap, kept by the same statement that debits a submit (generation/record.ts):
 * the key's row is locked and read there, the debit goes ahead only while the month's spend plus the
 * cost stays within the cap, and the spend grows in that statement too. Submits through one key
 * therefore take turns on its row, and no race spends past the cap. A refund gives the credits back
 * to the month they were spent in.
 */
import { Prisma } from '~/server/db/generated/client';
import type { DbTx } from '~/server/services/credits/ledger';
import { monthStartOf } from './month';

/**
 * - `lock`: the key's row, locked, with the month's spend so far (0 in a new month) and its cap.
 * - `within(lockCte)`: a SQL condition, true when the cost fits under the cap (or there is none).
 * - `add(lockCte, when)`: adds the cost to the month's spend, when `when` (a SQL condition) holds.
 */
export function keySpendWithinStatement(apiKeyId: string, cost: number, at: Date) {
  const month = monthStartOf(at);
  const lockCte = (name: string) => Prisma.raw(`"${name}"`);
  return {
    lock: Prisma.sql`
      SELECT "id", CASE WHEN "spentMonth" = ${month}::timestamp(3) THEN "spentCredits" ELSE 0 END AS "spent", "monthlyCreditCap" AS "cap"
      FROM "ApiKey" WHERE "id" = ${apiKeyId} FOR UPDATE`,
    within: (name: string) => Prisma.sql`EXISTS (SELECT 1 FROM ${lockCte(name)} AS k WHERE k."cap" IS NULL OR k."spent" + ${cost}::int <= k."cap")`,
    add: (name: string, when: Prisma.Sql) => Prisma.sql`
      UPDATE "ApiKey" SET "spentCredits" = k."spent" + ${cost}::int, "spentMonth" = ${month}::timestamp(3)
      FROM ${lockCte(name)} AS k WHERE "ApiKey"."id" = k."id" AND ${when}`,
  };
}

/** A refunded generation's cost leaves its key's spend, if it was spent this key's current month. */
export async function releaseKeySpend(tx: Pick<DbTx, '$queryRaw'>, apiKeyId: string, cost: number, spentAt: Date): Promise<void> {
  await tx.$queryRaw`
    UPDATE "ApiKey" SET "spentCredits" = GREATEST(0, "spentCredits" - ${cost}::int)
    WHERE "id" = ${apiKeyId} AND "spentMonth" = ${monthStartOf(spentAt)}::timestamp(3) RETURNING "id"`;
}
