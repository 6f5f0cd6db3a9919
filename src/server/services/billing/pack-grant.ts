/**
 * A pack's grant as ONE statement: the webhook's event id recorded (when there is one), the
 * purchase, the ledger row and the balance, through the ledger's once-per-object parts. It is the
 * hot path of the payment webhook (Prisma's interactive transaction cost ~10 ms of CPU a grant),
 * and the only way a pack is granted: the success page and reconcile run the same statement.
 *
 * The event id is recorded only when its user exists, so a payment of a deleted user records
 * nothing. Concurrent deliveries: the same event waits on the first one's event row and then
 * finds it; another event of the same payment waits on the owner's row lock and then finds the
 * ledger row taken.
 */
import type { Db } from '~/server/db/client';
import { queryDirect } from '~/server/db/direct-query';
import { Prisma } from '~/server/db/generated/client';
import { AppError } from '~/server/errors';
import { grantOnceWithinStatement } from '~/server/services/credits/ledger';
import { itemName } from './catalogue';
import type { GrantResult, PackSale } from './sales';
import type { BillingTx } from './tx';

/** Runs a statement on the database directly, or inside a transaction already open. */
export type SqlRunner = <Row>(statement: Prisma.Sql) => Promise<Row[]>;

export const direct = (db: Db): SqlRunner => (statement) => queryDirect(db, statement);
export const within = (tx: BillingTx): SqlRunner => (statement) => tx.$queryRaw(statement);

export type PackGrantOutcome = 'granted' | 'already_granted' | 'duplicate';

type Answer = { owners: number; recorded: number; granted: number };

function statementFor(sale: PackSale, deliveryKey: string | null): Prisma.Sql {
  const recordedOrNoEvent = deliveryKey === null ? Prisma.sql`true` : Prisma.sql`EXISTS (SELECT 1 FROM "delivery")`;
  const ledger = grantOnceWithinStatement(sale.userId, sale.pack.credits, { reason: 'purchase_grant', providerObjectId: sale.sessionId, purchaseId: sale.sessionId, note: `Bought ${itemName(sale.pack)}` }, recordedOrNoEvent);
  return Prisma.sql`
    WITH "delivery" AS (
      INSERT INTO "WebhookDelivery" ("id", "provider")
      SELECT ${deliveryKey}::text, 'stripe' WHERE ${deliveryKey}::text IS NOT NULL AND EXISTS (SELECT 1 FROM "User" WHERE "id" = ${sale.userId})
      ON CONFLICT ("id") DO NOTHING
      RETURNING 1 AS "one"
    ),
    "lock" AS (${ledger.lock}),
    "purchase" AS (
      INSERT INTO "Purchase" ("id", "userId", "kind", "item", "credits", "amount", "currency", "paymentIntentId", "receiptUrl", "updatedAt")
      SELECT ${sale.sessionId}, ${sale.userId}, 'pack', ${sale.pack.id}, ${sale.pack.credits}::int, ${sale.amount}::int, ${sale.currency},
        ${sale.paymentIntentId}::text, ${sale.receiptUrl}::text, now()
      FROM "lock"
      ON CONFLICT ("id") DO NOTHING
      RETURNING 1 AS "one"
    ),
    "claim" AS (${ledger.claim('lock')}),
    "moved" AS (${ledger.move('claim')})
    SELECT (SELECT count(*) FROM "User" WHERE "id" = ${sale.userId})::int AS "owners",
      (SELECT count(*) FROM "delivery")::int AS "recorded",
      (SELECT count(*) FROM "moved")::int AS "granted"`;
}

/** Grants a pack once (recording the event when given); 'duplicate' when that event was recorded before. */
export async function recordPackGrant(run: SqlRunner, sale: PackSale, deliveryKey: string | null): Promise<GrantResult & { outcome: PackGrantOutcome }> {
  const [answer] = await run<Answer>(statementFor(sale, deliveryKey));
  if (!answer || answer.owners === 0) throw new AppError('not_found', `User ${sale.userId} of payment ${sale.sessionId} does not exist (deleted?): nothing granted.`);
  const outcome: PackGrantOutcome = deliveryKey !== null && answer.recorded === 0 ? 'duplicate' : answer.granted > 0 ? 'granted' : 'already_granted';
  return { outcome, granted: outcome === 'granted', credits: sale.pack.credits, userId: sale.userId, purchaseId: sale.sessionId };
}
