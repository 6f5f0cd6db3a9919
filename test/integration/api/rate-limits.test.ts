/**
 * Requests a minute per key and per user, counted in PostgreSQL (issue 37, item 4): the limit
 * reached through one instance holds on another process serving the same database, RateLimit-* on
 * every counted answer, 429 with Retry-After past it, the premium plan's own limit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteServer } from '@test/helpers/api-route-server';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { bearer, send, serveApi } from './api-server';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let studio: Studio;
let api: RouteServer;
let other: { url: string; child: ChildProcess } | undefined;

/** A second studio process on the same database (test/helpers/instance-main.ts), with the same limits. */
async function startOtherInstance(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'test/helpers/instance-main.ts'], {
    env: { ...process.env, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /READY (\S+)/.exec(output);
      if (ready) resolve(ready[1]!);
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the second instance exited (${code}):\n${output}`)));
  });
  return { url, child };
}

beforeAll(async () => {
  studio = await startStudio({ env: { API_RATE_LIMIT_FREE: '3', API_RATE_LIMIT_PREMIUM: '5' } });
  api = await serveApi();
  if (onPostgres) other = await startOtherInstance();
}, 90_000);

afterAll(async () => {
  if (other && other.child.exitCode === null) {
    const exited = new Promise((resolve) => other!.child.once('exit', resolve));
    other.child.kill('SIGTERM');
    await exited;
  }
  await api?.close();
  await studio?.stop();
});

/** Windows are whole minutes: a test that starts close to the end of one waits for the next, so its requests share one. */
async function atStartOfAWindow(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

async function keyOf(user: StudioUser): Promise<string> {
  return (await studio.caller(user).keys.create({ name: 'limited', scopes: ['read'] })).secret;
}

describe('requests a minute', () => {
  it.runIf(onPostgres)('the free limit reached on one instance answers 429 on the other, per key and per user', async () => {
    await atStartOfAWindow();
    const user = await studio.createUser({ credits: 1 });
    const secret = await keyOf(user);
    for (const remaining of [2, 1, 0]) {
      const answer = await send(`${api.url}/api/v1/credits`, { headers: bearer(secret) });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('ratelimit-limit')).toBe('3');
      expect(answer.headers.get('ratelimit-remaining')).toBe(String(remaining));
      expect(Number(answer.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    }
    const elsewhere = await send(`${other!.url}/api/get-user-details`, { headers: bearer(secret), body: {} });
    expect(elsewhere.status).toBe(429);
    expect(elsewhere.body).toEqual({ success: false, data: null, message: 'Too many requests. Please slow down.', error: 'rate_limited' });
    const retryAfter = Number(elsewhere.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(elsewhere.headers.get('ratelimit-remaining')).toBe('0');
    // Another key of the same user shares the user's count.
    const second = await send(`${api.url}/api/v1/credits`, { headers: bearer(await keyOf(user)) });
    expect(second.status).toBe(429);
    expect(second.body).toMatchObject({ message: 'Too many requests. Please slow down.', code: 'TOO_MANY_REQUESTS' });
    // Another user is counted apart.
    expect((await send(`${api.url}/api/v1/credits`, { headers: bearer(await keyOf(await studio.createUser())) })).status).toBe(200);
  }, 90_000);

  it("a burst of one key's requests at once is counted request by request: the limit's worth answered, each with its own remaining, the rest 429", async () => {
    await atStartOfAWindow();
    const user = await studio.createUser({ premium: true });
    const secret = await keyOf(user);
    const answers = await Promise.all(Array.from({ length: 12 }, () => send(`${api.url}/api/v1/credits`, { headers: bearer(secret) })));
    const allowed = answers.filter((answer) => answer.status === 200);
    expect(allowed.map((answer) => answer.headers.get('ratelimit-remaining')).sort()).toEqual(['0', '1', '2', '3', '4']);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(7);
    const counted = await studio.db.apiRateWindow.findMany({ where: { bucket: { in: [`user:${user.id}`] } }, select: { count: true } });
    expect(counted).toEqual([{ count: 12 }]);
  }, 90_000);

  it('the premium plan has its own limit, and a signed-in request to /api/v1 is counted per user', async () => {
    await atStartOfAWindow();
    const user = await studio.createUser({ premium: true });
    const secret = await keyOf(user);
    for (let i = 0; i < 5; i += 1) expect((await send(`${api.url}/api/v1/credits`, { headers: bearer(secret) })).status).toBe(200);
    const over = await send(`${api.url}/api/v1/credits`, { headers: { cookie: await studio.cookieFor(user) } });
    expect(over.status).toBe(429);
    expect(over.headers.get('ratelimit-limit')).toBe('5');
    expect(over.headers.get('retry-after')).not.toBeNull();
  }, 90_000);
});
