/**
 * A rolling deploy stops instances one at a time: two `npm start` servers on one PostgreSQL, and a
 * SIGTERM to one of them while 32 submits are in flight (each has its headers read: the server has
 * answered their `Expect: 100-continue`). Every one of them is answered, with `Connection: close`;
 * nothing is reset; the stopped server exits 0; a new connection to it is refused; and the other
 * instance takes every accepted job over and finishes it within 2 s of the stop (the claims a
 * stopping server held are released, not left to lapse, which takes CLAIM_SECONDS).
 * Real PostgreSQL only (two processes on one database): CI sets TEST_DATABASE_URL.
 */
import { request } from 'node:http';
import { encode } from 'next-auth/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '~/server/db/client';
import { CLAIM_SECONDS } from '~/server/services/generation/claims';
import { grantCredits } from '~/server/services/credits/ledger';
import { getTestDatabase, type TestDatabase } from '../helpers/database';
import { startApp, type AppServer } from './helpers/app-server';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SECRET = 'clean-stop-test-secret';
/** Both instances serve one public origin (behind a balancer); the submits come from its pages. */
const APP_ORIGIN = 'http://127.0.0.1';
const IN_FLIGHT = 32;
/** Short stand-in jobs and engine rounds; claims are not scaled, so a lapsed claim would still take CLAIM_SECONDS. */
const TIME_SCALE = '0.1';

let database: TestDatabase;
let db: Db;
let stopping: AppServer;
let staying: AppServer;
let cookie: string;

beforeAll(async () => {
  if (!onPostgres) return;
  database = await getTestDatabase();
  db = createDb(database.connectionString, { maxConnections: 2 });
  const user = await db.user.create({ data: { email: 'rolling-deploy@example.test', premium: true } });
  await grantCredits(db, user.id, 1_000, { reason: 'admin_grant', note: 'clean stop test' });
  cookie = `next-auth.session-token=${await encode({ token: { sub: user.id }, secret: SECRET })}`;
  const env = { DATABASE_URL: database.connectionString, NEXTAUTH_SECRET: SECRET, NEXTAUTH_URL: APP_ORIGIN, TIME_SCALE };
  [stopping, staying] = await Promise.all([startApp(env), startApp(env)]);
});

afterAll(async () => {
  await Promise.all([stopping?.stop(), staying?.stop()]);
  await db?.$disconnect();
  await database?.stop();
});

type Answer = { status: number; connection: string | undefined; id: string | undefined };

/**
 * A submit whose headers the server has read: resolves `sent` once the server answers
 * `100 Continue`, and the answer once `finish()` has sent the body and the server replied.
 */
function submitInFlight(url: string, key: string): { headersRead: Promise<void>; finish: () => Promise<Answer> } {
  const body = JSON.stringify({ model_id: 'flux-schnell', prompt: `in flight ${key}`, idempotency_key: key });
  const req = request(`${url}/api/unigen`, {
    method: 'POST',
    agent: false,
    headers: { cookie, origin: APP_ORIGIN, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
  });
  const answered = new Promise<Answer>((resolve, reject) => {
    req.once('error', reject);
    req.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.once('error', reject);
      res.once('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, id: (JSON.parse(text) as { data?: { id?: string } }).data?.id }));
    });
  });
  answered.catch(() => undefined);
  const headersRead = new Promise<void>((resolve, reject) => {
    req.once('continue', () => resolve());
    req.once('error', reject);
  });
  req.flushHeaders();
  return {
    headersRead,
    finish: () => {
      req.end(body);
      return answered;
    },
  };
}

function connectionRefused(url: string): Promise<string> {
  return new Promise((resolve) => {
    const req = request(`${url}/api/health`, { agent: false });
    req.once('response', (res) => resolve(`answered ${res.statusCode}`));
    req.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

describe.skipIf(!onPostgres)('a SIGTERM during a rolling deploy', () => {
  it('answers every submit in flight, exits 0, and the other instance finishes every accepted job within 2 s', async () => {
    const submits = Array.from({ length: IN_FLIGHT }, (_, i) => submitInFlight(stopping.url, `rolling-${i}`));
    await Promise.all(submits.map((submit) => submit.headersRead));

    process.kill(stopping.pid, 'SIGTERM');
    const answers = await Promise.all(submits.map((submit) => submit.finish()));
    expect(answers.map(({ status, connection }) => ({ status, connection }))).toEqual(Array.from({ length: IN_FLIGHT }, () => ({ status: 200, connection: 'close' })));
    const ids = answers.map((answer) => answer.id!);
    expect(new Set(ids).size).toBe(IN_FLIGHT);

    expect(await stopping.exit).toEqual({ code: 0, signal: null });
    const stoppedAt = new Date();
    expect(await connectionRefused(stopping.url)).toBe('ECONNREFUSED');
    expect(stopping.logs()).toMatch(/\[server\] stopped in \d+ms/);

    // Taken over: the stopped server is gone, so a job checked or sent since was the other
    // instance's work. A claim left to lapse would hold its job for CLAIM_SECONDS.
    expect(CLAIM_SECONDS * 1000).toBeGreaterThan(2_000);
    const jobs = () => db.generation.findMany({ where: { id: { in: ids } }, select: { status: true, lastCheckedAt: true } });
    const takenOver = async () => (await jobs()).filter((job) => job.status === 'succeeded' || (job.lastCheckedAt !== null && job.lastCheckedAt > stoppedAt)).length;
    await expect.poll(takenOver, { timeout: 2_000, interval: 50 }).toBe(IN_FLIGHT);
    await expect.poll(async () => (await jobs()).filter((job) => job.status === 'succeeded').length).toBe(IN_FLIGHT);
  });
});
