/**
 * API keys over HTTP (issue 37, item 2): the key table on the REST paths and /api/v1, scopes,
 * the monthly cap, both credentials, the tRPC endpoint, and what is stored of a key.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteServer } from '@test/helpers/api-route-server';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { createInnerContext } from '~/server/trpc/context';
import { createCaller } from '~/server/trpc/root';
import { createStaff, formId } from '../console/helpers';
import { bearer, send, serveApi } from './api-server';

const INVALID = 'This API key is not valid. Check it, or create a new one in Account → Developers.';

let studio: Studio;
let api: RouteServer;

beforeAll(async () => {
  studio = await startStudio({ env: { API_RATE_LIMIT_FREE: '1000' } });
  api = await serveApi();
});

afterAll(async () => {
  await api?.close();
  await studio?.stop();
});

async function keyFor(user: StudioUser, options: { scopes?: ('generate' | 'read' | 'upload')[]; monthlyCreditCap?: number; expiresAt?: Date } = {}) {
  return studio.caller(user).keys.create({ name: 'script', scopes: options.scopes ?? ['generate', 'read', 'upload'], monthlyCreditCap: options.monthlyCreditCap, expiresAt: options.expiresAt });
}

describe('a new key', () => {
  it('is lsk_ and 43 base64url characters, shown once; only its SHA-256 and a prefix are stored', async () => {
    const user = await studio.createUser();
    const { key, secret } = await keyFor(user);
    expect(secret).toMatch(/^lsk_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(secret.slice(4), 'base64url')).toHaveLength(32);
    expect(key.prefix).toBe(secret.slice(0, 12));
    const row = await studio.db.apiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(row.hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret.slice(12));
    const [listed] = (await studio.caller(user).keys.list()).items;
    expect(listed).toEqual({ ...key, lastUsedAt: null });
    expect(JSON.stringify(listed)).not.toContain(secret.slice(12));
  });

  it('is refused past 20 active keys (409), and a revoked one makes room', async () => {
    const user = await studio.createUser();
    const made = [];
    for (let i = 0; i < 20; i += 1) made.push(await keyFor(user));
    await expect(keyFor(user)).rejects.toMatchObject({ code: 'CONFLICT', message: 'You already have 20 active API keys. Revoke one before creating another.' });
    await studio.caller(user).keys.revoke({ id: made[0]!.key.id });
    await expect(keyFor(user)).resolves.toMatchObject({ key: { name: 'script' } });
  });

  it('refuses a past expiry, no scope, and a key cannot manage keys', async () => {
    const user = await studio.createUser();
    await expect(keyFor(user, { expiresAt: new Date(Date.now() - 1000) })).rejects.toMatchObject({ message: 'The expiry must be in the future.' });
    await expect(keyFor(user, { scopes: [] })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const { key } = await keyFor(user);
    const asKey = createCaller(createInnerContext({ db: studio.db, user: { id: user.id }, apiKey: { id: key.id, scopes: ['generate', 'read', 'upload'], capped: false } }));
    await expect(asKey.keys.list()).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'API keys cannot be used for this request.' });
    expect(await studio.db.apiKey.count({ where: { userId: user.id } })).toBe(1);
  });
});

describe('Authorization: Bearer lsk_...', () => {
  it('is accepted on /api/v1 and the REST paths without an Origin, and records when it was last used', async () => {
    const user = await studio.createUser({ credits: 5 });
    const { key, secret } = await keyFor(user);
    const balance = await send(`${api.url}/api/v1/credits`, { headers: bearer(secret) });
    expect(balance.status).toBe(200);
    expect(balance.body).toEqual({ credits: 5 });
    const details = await send(`${api.url}/api/get-user-details`, { headers: bearer(secret), body: {} });
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ success: true, data: { id: user.id, credits: 5 } });
    const submitted = await send(`${api.url}/api/unigen`, { headers: bearer(secret), body: { model_id: 'flux-schnell', prompt: 'a key at work' } });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ success: true, data: { status: 'pending', user_credits: 4 } });
    const generation = await studio.db.generation.findUniqueOrThrow({ where: { id: (submitted.body.data as { id: string }).id } });
    expect(generation.apiKeyId).toBe(key.id);
    const [listed] = (await studio.caller(user).keys.list()).items;
    expect(listed!.lastUsedAt).toBeInstanceOf(Date);
    await expect.poll(async () => (await studio.caller(user).keys.list()).items[0]!.spentThisMonth).toBe(1);
  });

  it('wrong, revoked or expired: 401 with one text, on both kinds of route', async () => {
    const user = await studio.createUser({ credits: 5 });
    const revoked = await keyFor(user);
    await studio.caller(user).keys.revoke({ id: revoked.key.id });
    const expiring = await keyFor(user, { expiresAt: new Date(Date.now() + 1000) });
    await studio.db.apiKey.update({ where: { id: expiring.key.id }, data: { expiresAt: new Date(Date.now() - 1) } });
    const valid = await keyFor(user);
    const wrong = `${valid.secret.slice(0, 20)}${valid.secret.slice(20).split('').reverse().join('')}`;
    for (const secret of [wrong, revoked.secret, expiring.secret, 'lsk_short']) {
      const v1 = await send(`${api.url}/api/v1/credits`, { headers: bearer(secret) });
      expect(v1.status).toBe(401);
      expect(v1.body).toMatchObject({ message: INVALID, code: 'UNAUTHORIZED', data: { appCode: 'api_key_invalid' } });
      const legacy = await send(`${api.url}/api/unigen`, { headers: bearer(secret), body: { model_id: 'flux-schnell', prompt: 'x' } });
      expect(legacy.status).toBe(401);
      expect(legacy.body).toEqual({ success: false, data: null, message: INVALID, error: 'api_key_invalid' });
    }
    expect(await studio.balance(user)).toBe(5);
  });

  it('a scope the key lacks: 403, nothing charged', async () => {
    const user = await studio.createUser({ credits: 5 });
    const { secret } = await keyFor(user, { scopes: ['read'] });
    const v1 = await send(`${api.url}/api/v1/generations`, { headers: bearer(secret), body: { model_id: 'flux-schnell', prompt: 'x' } });
    expect(v1.status).toBe(403);
    expect(v1.body).toMatchObject({ message: "This API key does not have the 'generate' scope.", code: 'FORBIDDEN', data: { appCode: 'api_key_scope' } });
    const legacy = await send(`${api.url}/api/get-signedurl`, { headers: bearer(secret), body: { contentType: 'image/png', remoteName: 'a.png', sourceSubfolder: 'uploads/2026-11-28' } });
    expect(legacy.status).toBe(403);
    expect(legacy.body).toEqual({ success: false, data: null, message: "This API key does not have the 'upload' scope.", error: 'api_key_scope' });
    expect((await send(`${api.url}/api/v1/credits`, { headers: bearer(secret) })).status).toBe(200);
    expect(await studio.balance(user)).toBe(5);
  });

  it("a suspended owner's key: 403 with the suspension's text at once, on both kinds of route, nothing charged", async () => {
    const user = await studio.createUser({ credits: 5 });
    const { secret } = await keyFor(user, { scopes: ['generate', 'read'] });
    const submit = () => send(`${api.url}/api/unigen`, { headers: bearer(secret), body: { model_id: 'flux-schnell', prompt: 'x', idempotency_key: `suspended-${Date.now()}` } });
    const admin = await createStaff(studio, 'admin');
    await studio.caller(admin).admin.setSuspended({ actionId: formId(), userId: user.id, suspended: true, reason: 'Spam from this key' });
    const refused = await submit();
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, data: null, message: 'This account is suspended. Contact support if you think this is a mistake.', error: 'account_suspended' });
    expect((await send(`${api.url}/api/v1/credits`, { headers: bearer(secret) })).status).toBe(403);
    expect(await studio.balance(user)).toBe(5);
  });

  it('the monthly cap: 402 with its own text once reached; a refund gives its credits back', async () => {
    const user = await studio.createUser({ credits: 10 });
    const { key, secret } = await keyFor(user, { monthlyCreditCap: 2 });
    const submit = (prompt: string) => send(`${api.url}/api/v1/generations`, { headers: bearer(secret), body: { model_id: 'flux-schnell', prompt } });
    const first = await submit('one');
    expect(first.status).toBe(200);
    expect((await submit('two')).status).toBe(200);
    const third = await submit('three');
    expect(third.status).toBe(402);
    expect(third.body).toMatchObject({ message: 'This API key has reached its monthly credit cap. Raise the cap or wait for next month.', code: 'PAYMENT_REQUIRED' });
    expect(await studio.balance(user)).toBe(8);
    const canceled = await send(`${api.url}/api/v1/generations/${first.body.id as string}/cancel`, { method: 'POST', headers: bearer(secret) });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toEqual({ id: first.body.id, status: 'failed', user_credits: 9 });
    expect((await studio.caller(user).keys.list()).items.find((k) => k.id === key.id)!.spentThisMonth).toBe(1);
    expect((await submit('three again')).status).toBe(200);
    // The cookie is not bound by the key's cap.
    const cookie = await send(`${api.url}/api/unigen`, { headers: { cookie: await studio.cookieFor(user), origin: studio.server.url }, body: { model_id: 'flux-schnell', prompt: 'mine' } });
    expect(cookie.status).toBe(200);
  });

  it("an uncapped key's spend this month counts every submit of a burst, of any cost, and a refund takes its cost off", async () => {
    const user = await studio.createUser({ credits: 200 });
    const { key, secret } = await keyFor(user);
    const models = [...Array.from({ length: 8 }, () => 'flux-schnell'), ...Array.from({ length: 4 }, () => 'flux-dev')];
    const answers = await Promise.all(models.map((model_id, index) => send(`${api.url}/api/v1/generations`, { headers: bearer(secret), body: { model_id, prompt: `burst ${index}` } })));
    expect(answers.map((answer) => answer.status)).toEqual(models.map(() => 200));
    const rows = await studio.db.generation.findMany({ where: { apiKeyId: key.id }, select: { id: true, cost: true } });
    const spent = rows.reduce((sum, row) => sum + row.cost, 0);
    expect(new Set(rows.map((row) => row.cost)).size).toBe(2);
    expect(await studio.balance(user)).toBe(200 - spent);
    const spentThisMonth = async () => (await studio.caller(user).keys.list()).items.find((k) => k.id === key.id)!.spentThisMonth;
    // Added just after each answer, not before it.
    await expect.poll(spentThisMonth).toBe(spent);
    const dev = rows.find((row) => row.cost !== 1)!;
    expect((await send(`${api.url}/api/v1/generations/${dev.id}/cancel`, { method: 'POST', headers: bearer(secret) })).status).toBe(200);
    await expect.poll(spentThisMonth).toBe(spent - dev.cost);
  });

  it('a key and a session cookie together: 400; a cookie POST still needs our Origin', async () => {
    const user = await studio.createUser({ credits: 5 });
    const { secret } = await keyFor(user);
    const cookie = await studio.cookieFor(user);
    const both = await send(`${api.url}/api/unigen`, { headers: { ...bearer(secret), cookie, origin: studio.server.url }, body: { model_id: 'flux-schnell', prompt: 'x' } });
    expect(both.status).toBe(400);
    expect(both.body).toEqual({ success: false, data: null, message: 'Send either an API key or a session cookie, not both.', error: 'two_credentials' });
    const bothV1 = await send(`${api.url}/api/v1/credits`, { headers: { ...bearer(secret), cookie } });
    expect(bothV1.status).toBe(400);
    expect(bothV1.body).toMatchObject({ message: 'Send either an API key or a session cookie, not both.' });
    const crossSite = await send(`${api.url}/api/v1/generations`, { headers: { cookie, origin: 'https://elsewhere.example' }, body: { model_id: 'flux-schnell', prompt: 'x' } });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toMatchObject({ message: 'Cross-origin requests are not accepted.' });
    const keyFromAnywhere = await send(`${api.url}/api/v1/generations`, { headers: { ...bearer(secret), origin: 'https://elsewhere.example' }, body: { model_id: 'flux-schnell', prompt: 'x' } });
    expect(keyFromAnywhere.status).toBe(200);
    expect(await studio.balance(user)).toBe(4);
  });

  it('never reaches the tRPC endpoint', async () => {
    const user = await studio.createUser({ credits: 5 });
    const { secret } = await keyFor(user);
    const query = await send(`${api.url}/api/trpc/credits.balance?batch=1&input=${encodeURIComponent('{}')}`, { headers: bearer(secret) });
    expect(query.status).toBe(400);
    expect(JSON.stringify(query.body)).toContain('API keys are accepted on /api/v1 and the REST paths, not on this endpoint.');
  });
});
