/**
 * What the direct routes buy (issue 20 §2): the production server (server.mjs) answers the routes
 * of src/server/http/direct-routes.ts before Next's pipeline. Here the same build runs both ways,
 * direct and with DIRECT_ROUTES=off (every request through Next), in interleaved rounds (direct,
 * Next, direct, Next, ...), each round on a fresh database and a fresh server so no round inherits
 * another's queued jobs or grown heap. Each round measures every direct route as the full bench
 * does: the submit (32 connections, a key of its own per submit) and the Stripe webhook (1,000
 * deliveries, 20 in flight). A direct route stays only if it buys ≥ 1.3× (throughput, or p99 where
 * that is the route's goal).
 */
import { createDb } from '~/server/db/client';
import { getTestDatabase } from '../helpers/database';
import { startFakeStripe } from '../helpers/fake-stripe';
import { startApp } from '../e2e/helpers/app-server';
import { measureSubmit, type ApiRow } from './api';
import { premiumBenchUser } from './bench-user';
import { measureWebhook, processGroupCpuMs, type WebhookRow } from './webhook';
import { median } from './median';

export type ServedBy = 'direct' | 'Next';

export type DirectRoutesRound = { servedBy: ServedBy; submit: ApiRow; webhook: WebhookRow };

const ROUNDS = 3;

async function measureRound(servedBy: ServedBy, secret: string, submitSeconds: number): Promise<DirectRoutesRound> {
  const database = await getTestDatabase();
  const db = createDb(database.connectionString, { maxConnections: 5 });
  const stripe = await startFakeStripe();
  const app = await startApp({
    NODE_ENV: 'production',
    DATABASE_URL: database.connectionString,
    NEXTAUTH_SECRET: secret,
    DEV_SIGNIN: 'off',
    LOCAL_ENGINE: 'on',
    DIRECT_ROUTES: servedBy === 'direct' ? 'on' : 'off',
    ...stripe.env,
  });
  try {
    const { cookie } = await premiumBenchUser(db, secret);
    // The webhook first, as in the full bench: the submit leaves thousands of local jobs behind.
    const webhook = await measureWebhook({ webhookUrl: `${app.url}/api/webhooks/stripe`, db, stripe, serverCpuMs: () => processGroupCpuMs(app.pid) });
    const submit = await measureSubmit(app.url, cookie, submitSeconds);
    return { servedBy, submit, webhook };
  } finally {
    await app.stop();
    await stripe.close();
    await db.$disconnect();
    await database.stop();
  }
}

export async function measureDirectRoutes(secret: string, submitSeconds: number): Promise<DirectRoutesRound[]> {
  const rounds: DirectRoutesRound[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const servedBy of ['direct', 'Next'] as const) rounds.push(await measureRound(servedBy, secret, submitSeconds));
  }
  return rounds;
}

export function describeDirectRoutes(rounds: DirectRoutesRound[]): string {
  const of = (servedBy: ServedBy) => rounds.filter((round) => round.servedBy === servedBy);
  const figures = [
    { name: 'submit req/s', pick: (r: DirectRoutesRound) => r.submit.rps, better: 'higher' },
    { name: 'submit p99 ms', pick: (r: DirectRoutesRound) => r.submit.p99, better: 'lower' },
    { name: 'webhook deliveries/s', pick: (r: DirectRoutesRound) => r.webhook.rps, better: 'higher' },
    { name: 'webhook p99 ms', pick: (r: DirectRoutesRound) => r.webhook.p99, better: 'lower' },
  ] as const;
  const rows = figures.map(({ name, pick, better }) => {
    const direct = of('direct').map(pick);
    const next = of('Next').map(pick);
    const gain = better === 'higher' ? median(direct) / median(next) : median(next) / median(direct);
    return `| ${name} | ${direct.join(', ')} | ${next.join(', ')} | ${gain.toFixed(2)}× |`;
  });
  const failures = rounds.map((r) => r.submit.errors + r.submit.non2xx + r.webhook.non200 + r.webhook.doubleGrants + r.webhook.missingGrants + r.webhook.booksOff);
  return [
    `### Direct routes: answered before Next against through Next (${ROUNDS} interleaved rounds each)`,
    '| Figure | direct (rounds) | through Next (rounds) | direct buys (medians) |',
    '|---|---|---|---|',
    ...rows,
    `failed submits, non-200 deliveries and books off, all rounds: ${failures.reduce((sum, n) => sum + n, 0)}`,
  ].join('\n');
}
