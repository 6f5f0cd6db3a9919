/**
 * The console's overview as of `now`: today, the last 7 days and the last 30 days (UTC), and
 * generations per hour over 7 days. Each figure is one grouped read over the rows of the last 30 days, found
 * through the creation-time indexes (migration staff_console): a view reads a month of rows once,
 * never every row the studio holds.
 */
import type { Db } from '~/server/db/client';
import { Prisma } from '~/server/db/generated/client';

export const PERIODS = ['today', 'week', 'month'] as const;
export type Period = (typeof PERIODS)[number];

/** How many of the worst failure rates each list shows. */
export const WORST_SHOWN = 10;

export type FailureRate = { key: string; failed: number; finished: number; rate: number };

export type PeriodFigures = {
  signUps: number;
  generations: Record<string, number>;
  failureByModel: FailureRate[];
  failureByProvider: FailureRate[];
  credits: { spent: number; granted: number; refunded: number; bought: number };
  revenue: { currency: string; amount: number; refunded: number }[];
};

export type Overview = { since: Record<Period, Date>; periods: Record<Period, PeriodFigures>; activePremium: number; perHour: { hour: Date; count: number }[] };

/** Which ledger reasons count as what the overview calls spent, granted, refunded and bought. */
const CREDIT_KINDS: Record<keyof PeriodFigures['credits'], readonly string[]> = {
  spent: ['generation_debit'],
  granted: ['signup_grant', 'admin_grant'],
  refunded: ['generation_refund'],
  bought: ['purchase_grant', 'plan_grant'],
};

const DAY_MS = 24 * 3600 * 1000;

export function periodStarts(now: Date): Record<Period, Date> {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { today, week: new Date(now.getTime() - 7 * DAY_MS), month: new Date(now.getTime() - 30 * DAY_MS) };
}

/** Each row of a grouped read, with the periods it falls in (the month holds all of them). */
type InPeriods = { today: boolean; week: boolean };
const inPeriod = (row: InPeriods, period: Period) => period === 'month' || (period === 'week' ? row.week : row.today);
const periodColumns = (since: Record<Period, Date>) => Prisma.sql`"createdAt" >= ${since.today} AS "today", "createdAt" >= ${since.week} AS "week"`;

export async function readOverview(db: Db, now = new Date()): Promise<Overview> {
  const since = periodStarts(now);
  const [users, generations, ledger, purchases, activePremium, perHour] = await Promise.all([
    db.$queryRaw<(InPeriods & { count: number })[]>`
      SELECT ${periodColumns(since)}, count(*)::int AS "count" FROM "User" WHERE "createdAt" >= ${since.month} AND "createdAt" <= ${now} GROUP BY 1, 2`,
    db.$queryRaw<(InPeriods & { status: string; modelId: string; platform: string; count: number })[]>`
      SELECT ${periodColumns(since)}, "status", "modelId", "platform", count(*)::int AS "count"
      FROM "Generation" WHERE "createdAt" >= ${since.month} AND "createdAt" <= ${now} GROUP BY 1, 2, 3, 4, 5`,
    db.$queryRaw<(InPeriods & { reason: string; total: number })[]>`
      SELECT ${periodColumns(since)}, "reason", sum("amount")::int AS "total"
      FROM "CreditLedgerEntry" WHERE "createdAt" >= ${since.month} AND "createdAt" <= ${now} GROUP BY 1, 2, 3`,
    db.$queryRaw<(InPeriods & { currency: string; amount: number; refunded: number })[]>`
      SELECT ${periodColumns(since)}, "currency", sum("amount")::int AS "amount", sum("amountRefunded")::int AS "refunded"
      FROM "Purchase" WHERE "createdAt" >= ${since.month} AND "createdAt" <= ${now} GROUP BY 1, 2, 3`,
    db.billingSubscription.count({ where: { premium: true, OR: [{ premiumUntil: null }, { premiumUntil: { gt: now } }] } }),
    db.$queryRaw<{ hour: Date; count: number }[]>`
      SELECT date_trunc('hour', "createdAt") AS "hour", count(*)::int AS "count"
      FROM "Generation" WHERE "createdAt" >= ${since.week} AND "createdAt" <= ${now} GROUP BY 1 ORDER BY 1`,
  ]);
  const figures = (period: Period): PeriodFigures => {
    const jobs = generations.filter((row) => inPeriod(row, period));
    const generationsByStatus: Record<string, number> = {};
    for (const row of jobs) generationsByStatus[row.status] = (generationsByStatus[row.status] ?? 0) + row.count;
    const credits = { spent: 0, granted: 0, refunded: 0, bought: 0 };
    for (const row of ledger.filter((entry) => inPeriod(entry, period))) {
      for (const [kind, reasons] of Object.entries(CREDIT_KINDS) as [keyof typeof credits, readonly string[]][]) {
        // Spent credits are the debits' amounts, which the ledger writes below zero.
        if (reasons.includes(row.reason)) credits[kind] += kind === 'spent' ? -row.total : row.total;
      }
    }
    const revenue = new Map<string, { currency: string; amount: number; refunded: number }>();
    for (const row of purchases.filter((purchase) => inPeriod(purchase, period))) {
      const known = revenue.get(row.currency) ?? { currency: row.currency, amount: 0, refunded: 0 };
      revenue.set(row.currency, { currency: row.currency, amount: known.amount + row.amount, refunded: known.refunded + row.refunded });
    }
    return {
      signUps: users.filter((row) => inPeriod(row, period)).reduce((sum, row) => sum + row.count, 0),
      generations: generationsByStatus,
      failureByModel: worstFailureRates(jobs, (row) => row.modelId),
      failureByProvider: worstFailureRates(jobs, (row) => row.platform),
      credits,
      revenue: [...revenue.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    };
  };
  return {
    since,
    periods: { today: figures('today'), week: figures('week'), month: figures('month') },
    activePremium,
    perHour: hourly(perHour, since.week, now),
  };
}

/** Failed among finished (succeeded or failed; a cancel is no failure), worst first, ties by volume. */
function worstFailureRates<Row extends { status: string; count: number }>(rows: Row[], keyOf: (row: Row) => string): FailureRate[] {
  const byKey = new Map<string, { failed: number; finished: number }>();
  for (const row of rows) {
    if (row.status !== 'failed' && row.status !== 'succeeded') continue;
    const known = byKey.get(keyOf(row)) ?? { failed: 0, finished: 0 };
    byKey.set(keyOf(row), { failed: known.failed + (row.status === 'failed' ? row.count : 0), finished: known.finished + row.count });
  }
  return [...byKey]
    .map(([key, { failed, finished }]) => ({ key, failed, finished, rate: failed / finished }))
    .filter((entry) => entry.failed > 0)
    .sort((a, b) => b.rate - a.rate || b.failed - a.failed || a.key.localeCompare(b.key))
    .slice(0, WORST_SHOWN);
}

/** Every hour of the 7 days, the quiet ones as 0, so the chart's time axis has no gaps. */
function hourly(rows: { hour: Date; count: number }[], from: Date, now: Date): { hour: Date; count: number }[] {
  const counts = new Map(rows.map((row) => [new Date(row.hour).getTime(), row.count]));
  const first = Math.floor(from.getTime() / 3_600_000) * 3_600_000;
  const hours: { hour: Date; count: number }[] = [];
  for (let at = first; at <= now.getTime(); at += 3_600_000) hours.push({ hour: new Date(at), count: counts.get(at) ?? 0 });
  return hours;
}
