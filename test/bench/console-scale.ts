/**
 * `npm run bench -- --only=console`: the operator's console's reads on the data-scale database
 * (scale/seed.ts's large seed: 1,000,000 generations of other users and 50,000 of the benchmark
 * user, with their ledger rows; then users up to 100,000 in all), on the production build, signed
 * in as an admin through tRPC's HTTP route as the console pages call it. Each read runs in
 * interleaved rounds (every read once a round) at 4 connections, as a few staff members at once
 * would; the figures are each read's p99 in each round and the bare route's rate beside them.
 * Goals: user search p99 < 100 ms, the jobs list filtered by status and model p99 < 150 ms, the
 * overview < 500 ms.
 */
import autocannon from 'autocannon';
import { encode } from 'next-auth/jwt';
import pg from 'pg';
import { startApp } from '../e2e/helpers/app-server';
import { prepare } from './scale';
import { COMMON_MODEL, countRows, OTHER_USERS, seedLarge } from './scale/seed';
import { median } from './median';

const USERS = 100_000;
const GENERATIONS_OF_OTHERS = 1_000_000;
const CONNECTIONS = 4;
const ROUNDS = 3;

type ConsoleRead = { name: string; goalMs: number | null; path: string; input?: unknown };

const READS: ConsoleRead[] = [
  { name: 'GET /api/health (bare route)', goalMs: null, path: '/api/health' },
  { name: 'user search by e-mail', goalMs: 100, path: 'admin.searchUsers', input: { query: 'user74211@' } },
  { name: 'user search, a fragment many match', goalMs: 100, path: 'admin.searchUsers', input: { query: 'user42' } },
  { name: 'jobs: failed, one model', goalMs: 150, path: 'admin.jobs', input: { status: 'failed', modelId: COMMON_MODEL, limit: 20 } },
  { name: 'overview', goalMs: 500, path: 'admin.overview' },
];

export type ConsoleFigure = { name: string; goalMs: number | null; rps: number[]; p99: number[]; errors: number };
export type ConsoleRun = { users: number; generations: number; seedSeconds: number; figures: ConsoleFigure[] };

function urlOf(base: string, read: ConsoleRead): string {
  if (read.path.startsWith('/')) return `${base}${read.path}`;
  const input = encodeURIComponent(JSON.stringify({ 0: { json: read.input ?? null } }));
  return `${base}/api/trpc/${read.path}?batch=1&input=${input}`;
}

/** The users past the seed's 1,000 owners of generations: accounts with a name, as sign-ups make them. */
async function addUsers(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`
      INSERT INTO "User" ("id", "email", "name", "credits", "premium", "createdAt", "updatedAt")
      SELECT 'c' || substr(md5('user' || i), 1, 24), 'user' || i || '@example.test', 'Person ' || i, 100, i % 10 = 0, now() - (i || ' minutes')::interval, now()
      FROM generate_series(${OTHER_USERS + 1}, ${USERS - 1}) AS i`);
    await client.query('VACUUM ANALYZE "User"');
  } finally {
    await client.end();
  }
}

export async function measureConsole(secret: string, seconds: number): Promise<ConsoleRun> {
  let seedSeconds = 0;
  const started = performance.now();
  const prepared = await prepare(async (url, userId) => {
    await seedLarge(url, userId, GENERATIONS_OF_OTHERS);
    await addUsers(url);
    seedSeconds = (performance.now() - started) / 1000;
  });
  await prepared.db.user.update({ where: { id: prepared.userId }, data: { role: 'admin' } });
  const counted = await countRows(prepared.database.connectionString);
  const app = await startApp({ NODE_ENV: 'production', DATABASE_URL: prepared.database.connectionString, NEXTAUTH_SECRET: secret, DEV_SIGNIN: 'off', LOCAL_ENGINE: 'on' });
  try {
    const cookie = `next-auth.session-token=${await encode({ token: { sub: prepared.userId, email: 'bench@example.test' }, secret })}`;
    const figures: ConsoleFigure[] = READS.map((read) => ({ name: read.name, goalMs: read.goalMs, rps: [], p99: [], errors: 0 }));
    // Each read answers 200 before it is measured, then warms up (JIT, pools, caches) unrecorded.
    for (const read of READS) {
      const answer = await fetch(urlOf(app.url, read), { headers: { cookie } });
      if (answer.status !== 200) throw new Error(`${read.name} answered ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
      await autocannon({ url: urlOf(app.url, read), headers: { cookie }, connections: CONNECTIONS, duration: 1 });
    }
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [index, read] of READS.entries()) {
        const result = await autocannon({ url: urlOf(app.url, read), headers: { cookie }, connections: CONNECTIONS, duration: seconds });
        const figure = figures[index]!;
        figure.rps.push(Math.round(result.requests.average));
        figure.p99.push(result.latency.p99);
        figure.errors += result.errors + result.timeouts + result.non2xx;
      }
    }
    return { users: counted.users, generations: counted.generations, seedSeconds: Math.round(seedSeconds), figures };
  } finally {
    await app.stop();
    await prepared.db.$disconnect();
    await prepared.database.stop();
  }
}

export function describeConsole(run: ConsoleRun): string {
  const rows = run.figures.map((figure) => {
    const goal = figure.goalMs === null ? '–' : `p99 < ${figure.goalMs} ms`;
    const met = figure.goalMs === null ? '' : median(figure.p99) < figure.goalMs ? ' (met)' : ' (not met)';
    return `| ${figure.name} | ${figure.rps.join(', ')} | ${figure.p99.join(', ')} | ${goal}${met} |`;
  });
  const errors = run.figures.reduce((sum, figure) => sum + figure.errors, 0);
  return [
    `### The console's reads at ${run.users.toLocaleString('en-US')} users and ${run.generations.toLocaleString('en-US')} generations (${ROUNDS} interleaved rounds, ${CONNECTIONS} connections; seeded in ${run.seedSeconds} s)`,
    '| Read | req/s (rounds) | p99 ms (rounds) | goal (median of the rounds) |',
    '|---|---|---|---|',
    ...rows,
    `failed or non-200 answers: ${errors}`,
  ].join('\n');
}
