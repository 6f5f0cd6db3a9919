/**
 * What a key spent this month (the key list's figure), and its monthly credit cap.
 * - A capped key's spend is kept by the same statement that debits a submit (generation/record.ts,
 *   batch-record.ts): the key's row is locked and read there, the debit goes ahead only while the
 *   month's spend plus the cost stays within the cap, and the spend grows in that statement too.
 *   Submits through one capped key therefore take turns on its row, and no race spends past the cap.
 * - An uncapped key's spend bounds nothing: it is added just after the debit, outside the owner's
 *   row lock and without holding up the submit's answer, so a busy key's submits do not also queue
 *   on the key's row inside every debit (BENCHMARKS.md, the builders' door).
 *   Submits of one cost with the same key that arrive while one addition is in flight are added by
 *   one statement (grouped-statement.ts). The figure may trail an answer by a moment; a process
 *   that stops between the debit and the addition leaves that submit out of it, and a refund that
 *   lands before its submit's addition leaves its cost in. The ledger, which the balance reads, has
 *   every one exactly.
 * A refund gives the credits back to the month they were spent in.
 */
import type { Db } from '~/server/db/client';
import { queryDirect } from '~/server/db/direct-query';
import { Prisma } from '~/server/db/generated/client';
import { groupedStatement } from '~/server/db/grouped-statement';
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

/** One line per key and cost: its statement adds the cost once for each submit in the group. */
const addSpendInGroup = groupedStatement(async (db: Db, line: string, size: number): Promise<undefined[]> => {
  const [apiKeyId, cost] = line.split(' ') as [string, string];
  const month = monthStartOf(new Date());
  await queryDirect(
    db,
    Prisma.sql`
      UPDATE "ApiKey" SET "spentCredits" = CASE WHEN "spentMonth" = ${month}::timestamp(3) THEN "spentCredits" ELSE 0 END + ${Number(cost) * size}::int,
        "spentMonth" = ${month}::timestamp(3)
      WHERE "id" = ${apiKeyId} RETURNING "id"`,
  );
  return Array.from({ length: size }, () => undefined);
});

/** Adds a debited submit's cost to an uncapped key's spend this month. */
export function addUncappedKeySpend(db: Db, apiKeyId: string, cost: number): Promise<void> {
  return addSpendInGroup(db, `${apiKeyId} ${cost}`);
}
