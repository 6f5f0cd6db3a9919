/**
 * npm run billing:reconcile -- [--days 7]
 * Lists the paid checkout sessions and invoices of the last N days at Stripe (or the local
 * checkout) and grants whatever is missing through the same door as the webhook; prints what it
 * did. Safe to run twice: what is granted stays granted once.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { getDb } from '~/server/db/client';
import { describeReconcile, reconcilePayments } from '~/server/services/billing/reconcile';

const argsSchema = z.object({ days: z.coerce.number().int().min(1, { message: '--days must be 1 or more' }).max(365, { message: '--days must be at most 365' }).default(7) });

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { days: { type: 'string' } } });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    console.error(`Usage: npm run billing:reconcile -- [--days <1-365>]\n${parsed.error.issues.map((i) => i.message).join('\n')}`);
    return 2;
  }
  const db = await getDb();
  const report = await reconcilePayments(db, { days: parsed.data.days });
  for (const line of describeReconcile(report)) console.log(line);
  // A refused payment needs a person (refund it, or fix the user): the exit code says so.
  return report.lines.some((line) => line.outcome === 'refused') ? 1 : 0;
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
