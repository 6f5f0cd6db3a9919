/**
 * `npm start` runs what `npm run build` compiled, and nothing else: this starts it on a copy of the
 * build output with no `src/` and no tsconfig.json beside it (node_modules linked in, as a deploy
 * installs its packages), in production mode with the local engine on. A submit through the
 * direct route, a poll through tRPC and through REST, and a cancel answer as they do under Next;
 * the server's log shows the providers built once and each local job's work begun once, so the
 * process holds one copy of its state whichever bundle a request goes through.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encode } from 'next-auth/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '~/server/db/client';
import { grantCredits } from '~/server/services/credits/ledger';
import { getTestDatabase, type TestDatabase } from '../helpers/database';
import { startApp, type AppServer } from './helpers/app-server';

const SECRET = 'production-build-test-secret';
const CREDITS = 1_000;

let database: TestDatabase;
let deployDir: string;
let app: AppServer;
let userId: string;

/** What a deploy of the build holds: the build output, the server, the static files, the migrations; no source. */
function copyOfTheBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-deploy-'));
  cpSync('.next', path.join(dir, '.next'), { recursive: true, verbatimSymlinks: true, filter: (source) => !source.startsWith(path.join('.next', 'cache')) });
  for (const entry of ['package.json', 'server.mjs', 'next.config.mjs', 'public', 'prisma']) cpSync(entry, path.join(dir, entry), { recursive: true });
  symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

beforeAll(async () => {
  database = await getTestDatabase();
  // The database is written before the server opens it (an in-memory PGlite has one session).
  const db = createDb(database.connectionString, { maxConnections: 1 });
  try {
    userId = (await db.user.create({ data: { email: 'deploy@example.test', premium: true }, select: { id: true } })).id;
    await grantCredits(db, userId, CREDITS, { reason: 'admin_grant', note: 'production build test' });
  } finally {
    await db.$disconnect();
  }
  deployDir = copyOfTheBuild();
  app = await startApp(
    { NODE_ENV: 'production', LOCAL_ENGINE: 'on', DATABASE_URL: database.connectionString, NEXTAUTH_SECRET: SECRET },
    [],
    { cwd: deployDir },
  );
});

afterAll(async () => {
  await app?.stop();
  await database?.stop();
  if (deployDir) rmSync(deployDir, { recursive: true, force: true });
});

async function cookie(): Promise<string> {
  return `next-auth.session-token=${await encode({ token: { sub: userId }, secret: SECRET })}`;
}

async function submit(body: Record<string, unknown>): Promise<{ id: string; user_credits: number }> {
  const response = await fetch(`${app.url}/api/unigen`, {
    method: 'POST',
    headers: { cookie: await cookie(), origin: app.url, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { id: string; user_credits: number } }).data;
}

async function trpcGet(procedure: string, input: unknown): Promise<{ status: number; data: Record<string, unknown> }> {
  const query = `batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: input } }))}`;
  const response = await fetch(`${app.url}/api/trpc/${procedure}?${query}`, { headers: { cookie: await cookie() } });
  const [answer] = (await response.json()) as [{ result: { data: { json: Record<string, unknown> } } }];
  return { status: response.status, data: answer.result.data.json };
}

async function restGet(id: string): Promise<{ status: number; data: Record<string, unknown> }> {
  const response = await fetch(`${app.url}/api/unigen/${id}`, { headers: { cookie: await cookie() } });
  return { status: response.status, data: ((await response.json()) as { data: Record<string, unknown> }).data };
}

function linesOf(text: string, pattern: RegExp): string[] {
  return text.split('\n').filter((line) => pattern.test(line));
}

describe('npm start on the build output alone', () => {
  it('has no source beside it', () => {
    expect(readdirSync(deployDir).sort()).toEqual(['.next', 'next.config.mjs', 'node_modules', 'package.json', 'prisma', 'public', 'server.mjs']);
  });

  it('submits, polls through tRPC and REST, and cancels, as under Next', async () => {
    const made = await submit({ model_id: 'flux-schnell', prompt: 'a lighthouse from the build', idempotency_key: 'deploy-1' });
    expect(made.user_credits).toBe(CREDITS - 1);

    await expect.poll(async () => (await trpcGet('prediction.get', { id: made.id })).data.status, { timeout: 60_000, interval: 100 }).toBe('succeeded');
    // Public: nsfwjs screens it in the compiled worker (its model loads from node_modules), and it goes public.
    await expect.poll(async () => (await trpcGet('prediction.get', { id: made.id })).data.review, { timeout: 60_000, interval: 100 }).toBe(null);
    expect((await trpcGet('prediction.get', { id: made.id })).data.isPublic).toBe(true);
    const rest = await restGet(made.id);
    expect(rest.status).toBe(200);
    expect(rest.data).toMatchObject({ id: made.id, status: 'succeeded' });
    expect((rest.data.display as { outputMedia: unknown[] }).outputMedia).toHaveLength(1);

    const slow = await submit({ model_id: 'kling-1.6-text-to-video', prompt: 'a long walk from the build', idempotency_key: 'deploy-2' });
    const charged = CREDITS - 1 - slow.user_credits;
    expect(charged).toBeGreaterThan(0);
    const cancel = await fetch(`${app.url}/api/trpc/generation.cancel?batch=1`, {
      method: 'POST',
      headers: { cookie: await cookie(), origin: app.url, 'content-type': 'application/json' },
      body: JSON.stringify({ 0: { json: { id: slow.id } } }),
    });
    expect(cancel.status).toBe(200);
    const [canceled] = (await cancel.json()) as [{ result: { data: { json: unknown } } }];
    expect(canceled.result.data.json).toEqual({ id: slow.id, status: 'failed', user_credits: CREDITS - 1 });
    expect((await restGet(slow.id)).data).toMatchObject({ id: slow.id, status: 'failed' });
  });

  it('built its providers once and began each local job once (one copy of the server state)', () => {
    const logs = app.logs();
    expect(linesOf(logs, /^\[providers\]/)).toEqual(['[providers] replicate: not configured; fal: not configured; local engine: on']);
    const runs = linesOf(logs, /^\[local engine\] .* started$/).map((line) => line.replace(/^\[local engine\] \S+: /, ''));
    expect(runs.filter((run) => run === 'flux-schnell started')).toHaveLength(1);
  });
});
