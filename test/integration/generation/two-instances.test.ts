/**
 * Two studio instances (two processes, each with its own pool, engine, bus and caches) on one
 * PostgreSQL server: what one instance changes is what the other answers as soon as the change
 * reaches it, from its poll cache included; private and deleted generations never come out of
 * either cache.
 * Real PostgreSQL only (LISTEN/NOTIFY): CI sets TEST_DATABASE_URL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { encode } from 'next-auth/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '~/server/db/client';
import { grantCredits } from '~/server/services/credits/ledger';
import { getTestDatabase, type TestDatabase } from '@test/helpers/database';

const SECRET = 'two-instances-secret';
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

type Instance = { url: string; child: ChildProcess; dataDir: string };

/** The public origin both instances serve (behind a balancer); signed-in POSTs come from its pages. */
const APP_ORIGIN = 'http://127.0.0.1';

async function startInstance(databaseUrl: string): Promise<Instance> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'studio-instance-'));
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'test/helpers/instance-main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      NEXTAUTH_SECRET: SECRET,
      NEXTAUTH_URL: APP_ORIGIN,
      STARTING_CREDITS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /READY (\S+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`instance exited (${code}):\n${output}`)));
  });
  return { url, child, dataDir };
}

async function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance) return;
  if (instance.child.exitCode === null) {
    const exited = new Promise((resolve) => instance.child.once('exit', resolve));
    instance.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
  }
  await rm(instance.dataDir, { recursive: true, force: true });
}

let database: TestDatabase;
let db: Db;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  if (!onPostgres) return;
  database = await getTestDatabase();
  db = createDb(database.connectionString, { maxConnections: 3 });
  [a, b] = await Promise.all([startInstance(database.connectionString), startInstance(database.connectionString)]);
});

afterAll(async () => {
  await Promise.all([stopInstance(a), stopInstance(b)]);
  await db?.$disconnect();
  await database?.stop();
});

async function userWith(credits: number, premium = false): Promise<{ id: string; cookie: string }> {
  const user = await db.user.create({ data: { email: `instances-${randomUUID()}@example.test`, premium } });
  await grantCredits(db, user.id, credits, { reason: 'admin_grant', note: 'test grant' });
  return { id: user.id, cookie: `next-auth.session-token=${await encode({ token: { sub: user.id }, secret: SECRET })}` };
}

async function submitThrough(instance: Instance, cookie: string, body: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${instance.url}/api/unigen`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, origin: APP_ORIGIN }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

async function mutateThrough(instance: Instance, cookie: string, procedure: string, input: unknown): Promise<void> {
  const response = await fetch(`${instance.url}/api/trpc/${procedure}?batch=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: APP_ORIGIN },
    body: JSON.stringify({ 0: { json: input } }),
  });
  expect(response.status).toBe(200);
}

/** GET /api/unigen/{id}: the HTTP status and the envelope. */
async function restPoll(instance: Instance, id: string, cookie?: string) {
  const response = await fetch(`${instance.url}/api/unigen/${id}`, { headers: cookie ? { cookie } : {} });
  return { status: response.status, body: (await response.json()) as { data: { status: string; error: string | null } | null; message: string | null } };
}

/** prediction.get over tRPC's HTTP batch protocol, as the browser sends it. */
async function trpcPoll(instance: Instance, id: string, cookie?: string) {
  const input = encodeURIComponent(JSON.stringify({ 0: { json: { id } } }));
  const response = await fetch(`${instance.url}/api/trpc/prediction.get?batch=1&input=${input}`, { headers: cookie ? { cookie } : {} });
  const [answer] = (await response.json()) as [{ result?: { data: { json: { status: string; error: string | null } } }; error?: { json: { message: string; data: { code: string } } } }];
  return { status: response.status, prediction: answer.result?.data.json ?? null, error: answer.error?.json ?? null };
}

async function silentWrite(id: string, error: string): Promise<void> {
  await db.generation.update({ where: { id }, data: { error } });
}

/**
 * For what B answers after a change made through A. The change reaches B by a NOTIFY to its
 * listener, on its own: right after A's answer, B may still answer from its cache for a moment
 * (milliseconds; with the listener 50 ms late, every run failed). The wait stays well within the
 * cache's 30 s expiry, so a change that never reaches B still fails.
 */
const ONCE_HEARD = { timeout: 10_000, interval: 10 };

describe.runIf(onPostgres)('two instances on one PostgreSQL server', () => {
  it('a cancel and a delete made through one instance are what the other answers once the change reaches it', async () => {
    const owner = await userWith(100);
    for (let round = 1; round <= 3; round += 1) {
      // A free user's generation waits 60 s in the queue: nothing but this test changes it.
      const id = await submitThrough(a, owner.cookie, { model_id: 'flux-dev', prompt: `round ${round}` });
      expect((await restPoll(b, id, owner.cookie)).body.data).toMatchObject({ status: 'pending', error: null });
      expect((await trpcPoll(b, id, owner.cookie)).prediction).toMatchObject({ status: 'pending', error: null });
      // B answers from its cache: a write nobody announced is not seen there.
      await silentWrite(id, 'not announced');
      expect((await restPoll(b, id, owner.cookie)).body.data?.error).toBeNull();

      await mutateThrough(a, owner.cookie, 'generation.cancel', { id });
      await expect.poll(async () => (await restPoll(b, id, owner.cookie)).body.data, ONCE_HEARD).toMatchObject({ status: 'failed', error: 'Generation canceled.' });
      expect((await trpcPoll(b, id, owner.cookie)).prediction).toMatchObject({ status: 'failed', error: 'Generation canceled.' });

      await mutateThrough(a, owner.cookie, 'prediction.delete', { id });
      await expect
        .poll(() => restPoll(b, id, owner.cookie), ONCE_HEARD)
        .toEqual({ status: 404, body: { success: false, data: null, message: 'Generation not found.', error: 'not_found' } });
      expect(await trpcPoll(b, id, owner.cookie)).toMatchObject({ status: 404, prediction: null, error: { message: 'Generation not found.', data: { code: 'NOT_FOUND' } } });
      expect((await restPoll(a, id, owner.cookie)).status).toBe(404);
    }
  });

  it('a private generation cached on either instance is its owner’s alone', async () => {
    const owner = await userWith(100, true);
    const stranger = await userWith(100, true);
    const id = await submitThrough(a, owner.cookie, { model_id: 'flux-dev', prompt: 'private', is_public: false });
    for (const instance of [a, b]) {
      expect((await restPoll(instance, id, owner.cookie)).status).toBe(200);
      expect((await trpcPoll(instance, id, owner.cookie)).status).toBe(200);
      expect((await restPoll(instance, id, stranger.cookie)).status).toBe(404);
      expect((await restPoll(instance, id)).status).toBe(404);
      expect(await trpcPoll(instance, id, stranger.cookie)).toMatchObject({ status: 404, error: { message: 'Generation not found.' } });
      expect((await trpcPoll(instance, id)).status).toBe(404);
    }
  });
});
