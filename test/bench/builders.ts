/**
 * `npm run bench -- --only=builders`: the builders' door's figures on the production build, on
 * PostgreSQL, with the local engine.
 *
 * - A submit with a key against the same submit with a cookie: POST /api/unigen from 32
 *   connections, an idempotency key of its own per submit, in interleaved rounds whose order turns
 *   each round (cookie then key, key then cookie, ...). Every window starts on the same studio: the
 *   thousands of jobs the window before left queued are ended in the database first (the engine
 *   would otherwise render them through the next window, so the second of a pair would meet a
 *   busier studio than the first). An even number of rounds puts each side second as often as
 *   first. The limit is raised past the rate
 *   (its bookkeeping still runs on every key request: that is part of a key's cost). POST
 *   /api/v1/generations with the key is measured beside them, through Next.
 * - 1,000 completions → 1,000 callbacks: 1,000 submits (16 at a time) finish on the local engine,
 *   and an endpoint on a loopback receiver asked for every end. Each generation's delay is from its
 *   completedAt to the first arrival of its event; lost = finished without an arrival, a second id
 *   = one generation's event under two webhook-ids.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { createDb, type Db } from '~/server/db/client';
import { createApiKey } from '~/server/services/api-keys/keys';
import { newCallbackSecret } from '~/server/services/callbacks/signing';
import { getTestDatabase } from '../helpers/database';
import { startApp } from '../e2e/helpers/app-server';
import { CONNECTIONS, type ApiRow } from './api';
import { premiumBenchUser } from './bench-user';
import { median } from './median';

const ROUNDS = 4;
const CALLBACKS = 1_000;
const SUBMITS_IN_FLIGHT = 16;

export type BuildersRun = {
  cookie: ApiRow[];
  key: ApiRow[];
  v1Key: ApiRow[];
  callbacks: { completions: number; delivered: number; lost: number; secondIds: number; retries: number; p50Ms: number; p99Ms: number; maxMs: number; spanS: number };
};

type Arrival = { webhookId: string; at: number };

function startReceiver(): Promise<{ server: Server; host: string; arrivals: Map<string, Arrival[]> }> {
  const arrivals = new Map<string, Arrival[]>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = Date.now();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id?: string };
      const id = body.id ?? 'unknown';
      arrivals.set(id, [...(arrivals.get(id) ?? []), { webhookId: String(request.headers['webhook-id']), at }]);
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('ok');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, host: `127.0.0.1:${(server.address() as AddressInfo).port}`, arrivals })));
}

/**
 * Ends the jobs earlier windows left (as failed, so the engine takes none of them up again) and waits
 * for the renders already under way, so the next window starts with an idle engine.
 */
async function endLeftoverJobs(db: Db): Promise<void> {
  await db.generation.updateMany({ where: { status: 'queued' }, data: { status: 'failed', error: 'ended by the bench between windows', completedAt: new Date() } });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && (await db.generation.count({ where: { status: { in: ['queued', 'starting', 'processing'] } } })) > 0) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function submitRate(name: string, url: string, headers: Record<string, string>, seconds: number, tag: string): Promise<ApiRow> {
  let counter = 0;
  const options: autocannon.Options = {
    url,
    method: 'POST',
    connections: CONNECTIONS,
    headers: { ...headers, 'content-type': 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify({ model_id: 'flux-schnell', prompt: 'bench', idempotency_key: `${tag}-${(counter += 1)}` }) }) }],
  };
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration: seconds });
  return { name, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx };
}

async function measureCallbacks(db: Db, baseUrl: string, userId: string, cookie: string, receiver: Awaited<ReturnType<typeof startReceiver>>): Promise<BuildersRun['callbacks']> {
  await db.callbackEndpoint.create({
    data: { userId, url: `http://${receiver.host}/hook`, events: ['generation.succeeded', 'generation.failed', 'generation.canceled'], secret: newCallbackSecret() },
  });
  const ids: string[] = [];
  let next = 0;
  const started = Date.now();
  const submitOne = async (): Promise<void> => {
    while (next < CALLBACKS) {
      next += 1;
      const response = await fetch(`${baseUrl}/api/unigen`, {
        method: 'POST',
        headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ model_id: 'flux-schnell', prompt: `callback ${next}`, idempotency_key: `callback-${next}` }),
      });
      const answer = (await response.json()) as { data?: { id: string } };
      if (answer.data?.id) ids.push(answer.data.id);
    }
  };
  await Promise.all(Array.from({ length: SUBMITS_IN_FLIGHT }, submitOne));
  const deadline = Date.now() + 15 * 60_000;
  while (Date.now() < deadline) {
    const running = await db.generation.count({ where: { id: { in: ids }, completedAt: null } });
    if (running === 0 && ids.every((id) => receiver.arrivals.has(id))) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // Late repeats would show as a second arrival: give the sender a moment past the last one.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const rows = await db.generation.findMany({ where: { id: { in: ids } }, select: { id: true, completedAt: true } });
  const delays: number[] = [];
  let lost = 0;
  let secondIds = 0;
  let retries = 0;
  for (const row of rows) {
    const arrived = receiver.arrivals.get(row.id);
    if (!row.completedAt) continue;
    if (!arrived) {
      lost += 1;
      continue;
    }
    if (new Set(arrived.map((a) => a.webhookId)).size > 1) secondIds += 1;
    retries += arrived.length - 1;
    delays.push(Math.min(...arrived.map((a) => a.at)) - row.completedAt.getTime());
  }
  delays.sort((a, b) => a - b);
  const at = (q: number) => delays[Math.min(delays.length - 1, Math.floor(q * delays.length))] ?? NaN;
  return {
    completions: rows.filter((row) => row.completedAt).length,
    delivered: delays.length,
    lost,
    secondIds,
    retries,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: delays.at(-1) ?? NaN,
    spanS: Math.round((Date.now() - started) / 1000),
  };
}

export async function measureBuilders(secret: string, seconds: number): Promise<BuildersRun> {
  const database = await getTestDatabase();
  const db = createDb(database.connectionString, { maxConnections: 5 });
  const receiver = await startReceiver();
  const app = await startApp({
    NODE_ENV: 'production',
    DATABASE_URL: database.connectionString,
    NEXTAUTH_SECRET: secret,
    DEV_SIGNIN: 'off',
    LOCAL_ENGINE: 'on',
    API_RATE_LIMIT_PREMIUM: '100000000',
    CALLBACK_ALLOW_HOSTS: receiver.host,
  });
  try {
    const user = await premiumBenchUser(db, secret);
    const { secret: key } = await createApiKey(db, user.id, { name: 'bench', scopes: ['generate', 'read'], expiresAt: null, monthlyCreditCap: null });
    const run: BuildersRun = { cookie: [], key: [], v1Key: [], callbacks: undefined as unknown as BuildersRun['callbacks'] };
    const unigen = `${app.url}/api/unigen`;
    for (let round = 0; round < ROUNDS; round += 1) {
      const cookieWindow = async () => {
        await endLeftoverJobs(db);
        run.cookie.push(await submitRate('POST /api/unigen, cookie', unigen, { cookie: user.cookie, origin: app.url }, seconds, `cookie-${round}`));
      };
      const keyWindow = async () => {
        await endLeftoverJobs(db);
        run.key.push(await submitRate('POST /api/unigen, key', unigen, { authorization: `Bearer ${key}` }, seconds, `key-${round}`));
      };
      if (round % 2 === 0) await cookieWindow().then(keyWindow);
      else await keyWindow().then(cookieWindow);
      await endLeftoverJobs(db);
      run.v1Key.push(await submitRate('POST /api/v1/generations, key', `${app.url}/api/v1/generations`, { authorization: `Bearer ${key}` }, seconds, `v1-${round}`));
    }
    // The callbacks' figure gets a studio of its own, with none of the windows' rows.
    await app.stop();
    const quiet = await getTestDatabase();
    const quietDb = createDb(quiet.connectionString, { maxConnections: 5 });
    const calm = await startApp({ NODE_ENV: 'production', DATABASE_URL: quiet.connectionString, NEXTAUTH_SECRET: secret, DEV_SIGNIN: 'off', LOCAL_ENGINE: 'on', CALLBACK_ALLOW_HOSTS: receiver.host });
    try {
      const owner = await premiumBenchUser(quietDb, secret);
      run.callbacks = await measureCallbacks(quietDb, calm.url, owner.id, owner.cookie, receiver);
    } finally {
      await calm.stop();
      await quietDb.$disconnect();
      await quiet.stop();
    }
    return run;
  } finally {
    await app.stop().catch(() => undefined);
    await db.$disconnect();
    await database.stop();
    await new Promise((resolve) => receiver.server.close(resolve));
  }
}

export function describeBuilders(run: BuildersRun): string {
  const rates = (rows: ApiRow[]) => rows.map((row) => row.rps).join(', ');
  const p99s = (rows: ApiRow[]) => rows.map((row) => row.p99).join(', ');
  const failed = [...run.cookie, ...run.key, ...run.v1Key].reduce((sum, row) => sum + row.errors + row.non2xx, 0);
  const ratio = median(run.key.map((row) => row.rps)) / median(run.cookie.map((row) => row.rps));
  const c = run.callbacks;
  return [
    `### The builders' door (${ROUNDS} interleaved rounds, cookie first in rounds 1 and 3, key first in 2 and 4; ${CONNECTIONS} connections)`,
    '| Submit | req/s (rounds) | p99 ms (rounds) |',
    '|---|---|---|',
    `| POST /api/unigen, cookie | ${rates(run.cookie)} | ${p99s(run.cookie)} |`,
    `| POST /api/unigen, key | ${rates(run.key)} | ${p99s(run.key)} |`,
    `| POST /api/v1/generations, key | ${rates(run.v1Key)} | ${p99s(run.v1Key)} |`,
    `key ÷ cookie (medians): ${ratio.toFixed(2)}× (goal ≥ 0.9×); failed submits: ${failed}`,
    `callbacks: ${c.completions} completions, ${c.delivered} delivered, ${c.lost} lost, ${c.secondIds} under a second id, ${c.retries} repeats; delay from completion p50 ${c.p50Ms} ms, p99 ${c.p99Ms} ms (goal < 2,000), max ${c.maxMs} ms; ${c.spanS} s in all`,
  ].join('\n');
}
