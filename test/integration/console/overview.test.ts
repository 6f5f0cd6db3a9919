/**
 * The console's overview: sign-ups, generations by status, the worst failure rates by model and by
 * provider, credits spent, granted, refunded and bought, revenue by currency and active premium
 * plans, for today, the last 7 days and the last 30 days; generations per hour over 7 days.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRowId } from '~/server/db/ids';
import { periodStarts, readOverview } from '~/server/services/staff/overview';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { createStaff } from './helpers';

let studio: Studio;
let support: StudioUser;
const DAY = 24 * 3600 * 1000;
/** Noon UTC: "today" holds the last hours, whatever time the test runs. */
const NOW = new Date(Date.UTC(2026, 10, 20, 12, 0, 0));

beforeAll(async () => {
  studio = await startStudio();
  support = await createStaff(studio, 'support');
});

afterAll(async () => {
  await studio?.stop();
});

async function job(user: StudioUser, at: Date, status: string, modelId: string, platform: string) {
  await studio.db.generation.create({
    data: { id: newRowId(), userId: user.id, modelId, appType: 'image', outputType: 'image', status, input: {}, cost: 4, platform, providerTarget: modelId, deadlineAt: at, createdAt: at },
  });
}

async function movement(user: StudioUser, at: Date, reason: string, amount: number) {
  await studio.db.creditLedgerEntry.create({ data: { userId: user.id, amount, balanceAfter: 0, reason, createdAt: at } });
}

describe('the overview', () => {
  it('counts each figure in the periods it falls in', async () => {
    const hourAgo = new Date(NOW.getTime() - 3600 * 1000);
    const threeDaysAgo = new Date(NOW.getTime() - 3 * DAY);
    const twentyDaysAgo = new Date(NOW.getTime() - 20 * DAY);
    const longAgo = new Date(NOW.getTime() - 60 * DAY);
    const [today, week, month] = await Promise.all(
      [hourAgo, threeDaysAgo, twentyDaysAgo].map((createdAt, i) => studio.db.user.create({ data: { email: `overview-${i}@example.test`, createdAt }, select: { id: true, email: true } })),
    );
    await studio.db.user.create({ data: { email: 'overview-old@example.test', createdAt: longAgo } });
    // Today: flux-dev fails 1 of 2 on replicate; this week: flux-schnell fails 1 of 4 locally; a cancel is no failure.
    await job(today!, hourAgo, 'succeeded', 'flux-dev', 'replicate');
    await job(today!, hourAgo, 'failed', 'flux-dev', 'replicate');
    await job(today!, hourAgo, 'canceled', 'flux-dev', 'replicate');
    for (const status of ['succeeded', 'succeeded', 'succeeded', 'failed']) await job(week!, threeDaysAgo, status, 'flux-schnell', 'local');
    await job(month!, twentyDaysAgo, 'succeeded', 'flux-schnell', 'local');
    await job(month!, longAgo, 'failed', 'flux-schnell', 'local');
    await movement(today!, hourAgo, 'generation_debit', -12);
    await movement(today!, hourAgo, 'generation_refund', 4);
    await movement(today!, hourAgo, 'admin_grant', 100);
    await movement(week!, threeDaysAgo, 'signup_grant', 50);
    await movement(week!, threeDaysAgo, 'purchase_grant', 500);
    await movement(month!, twentyDaysAgo, 'plan_grant', 1000);
    await studio.db.purchase.create({ data: { id: 'cs_overview_1', userId: week!.id, kind: 'pack', item: 'credits-500', credits: 500, amount: 500, currency: 'usd', createdAt: threeDaysAgo } });
    await studio.db.purchase.create({ data: { id: 'in_overview_2', userId: month!.id, kind: 'plan', item: 'premium-monthly', credits: 1000, amount: 1200, amountRefunded: 200, currency: 'usd', createdAt: twentyDaysAgo } });
    await studio.db.purchase.create({ data: { id: 'cs_overview_3', userId: month!.id, kind: 'pack', item: 'credits-500', credits: 500, amount: 900, currency: 'jpy', createdAt: twentyDaysAgo } });
    await studio.db.billingSubscription.create({ data: { id: 'sub_overview', userId: month!.id, status: 'active', currentPeriodEnd: new Date(NOW.getTime() + 10 * DAY), premium: true } });

    const overview = await readOverview(studio.db, NOW);
    expect(overview.since).toEqual(periodStarts(NOW));
    expect(overview.periods.today).toEqual({
      signUps: 1,
      generations: { succeeded: 1, failed: 1, canceled: 1 },
      failureByModel: [{ key: 'flux-dev', failed: 1, finished: 2, rate: 0.5 }],
      failureByProvider: [{ key: 'replicate', failed: 1, finished: 2, rate: 0.5 }],
      credits: { spent: 12, granted: 100, refunded: 4, bought: 0 },
      revenue: [],
    });
    expect(overview.periods.week).toMatchObject({
      signUps: 2,
      generations: { succeeded: 4, failed: 2, canceled: 1 },
      failureByModel: [
        { key: 'flux-dev', failed: 1, finished: 2, rate: 0.5 },
        { key: 'flux-schnell', failed: 1, finished: 4, rate: 0.25 },
      ],
      credits: { spent: 12, granted: 150, refunded: 4, bought: 500 },
      revenue: [{ currency: 'usd', amount: 500, refunded: 0 }],
    });
    expect(overview.periods.month).toMatchObject({
      signUps: 3,
      generations: { succeeded: 5, failed: 2, canceled: 1 },
      failureByProvider: [
        { key: 'replicate', failed: 1, finished: 2, rate: 0.5 },
        { key: 'local', failed: 1, finished: 5, rate: 0.2 },
      ],
      credits: { spent: 12, granted: 150, refunded: 4, bought: 1500 },
      revenue: [
        { currency: 'jpy', amount: 900, refunded: 0 },
        { currency: 'usd', amount: 1700, refunded: 200 },
      ],
    });
    expect(overview.activePremium).toBe(1);
    // Every hour of the 7 days, the quiet ones as 0.
    expect(overview.perHour).toHaveLength(7 * 24 + 1);
    expect(overview.perHour.find((point) => point.hour.getTime() === hourAgo.getTime())?.count).toBe(3);
    expect(overview.perHour.find((point) => point.hour.getTime() === Math.floor(threeDaysAgo.getTime() / 3600000) * 3600000)?.count).toBe(4);
    expect(overview.perHour.reduce((sum, point) => sum + point.count, 0)).toBe(7);
  });

  it('is support’s to read (admin.overview)', async () => {
    const answer = await studio.caller(support).admin.overview();
    expect(Object.keys(answer.periods)).toEqual(['today', 'week', 'month']);
    expect(answer.perHour.length).toBeGreaterThanOrEqual(7 * 24);
  });
});
