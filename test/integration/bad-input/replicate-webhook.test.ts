/**
 * The Replicate webhook route over HTTP, with deliveries signed by the fake's secret:
 * - a correctly signed body whose prediction id holds a NUL answered 503 without Retry-After
 *   (PostgreSQL refused the lookup, so Replicate would retry forever): it is 400 invalid_payload;
 * - the signature opened for other spellings of a valid MAC (an extra character, padding, the
 *   URL-safe alphabet, the unused bits): only the exact text Standard Webhooks writes opens it;
 * - a signed failure whose error text holds a NUL could never be stored: it is stored without it,
 *   and the refund happens.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeReplicate, type FakeReplicate } from '@test/helpers/fake-replicate';
import { otherBase64Spellings } from '@test/helpers/signature-variants';
import { runUntil, startStudio, type Studio, type StudioUser } from '@test/helpers/studio';

let replicate: FakeReplicate;
let studio: Studio;

beforeAll(async () => {
  replicate = await startFakeReplicate();
  studio = await startStudio({
    env: { REPLICATE_API_TOKEN: replicate.token, REPLICATE_BASE_URL: replicate.baseUrl, REPLICATE_WEBHOOK_SECRET: replicate.webhookSecret },
  });
});

afterAll(async () => {
  await studio?.stop();
  await replicate?.close();
});

beforeEach(() => {
  replicate.reset();
  replicate.script('black-forest-labs/flux-schnell', { never: true });
});

/** A generation of a new user's (10 credits, 1 spent on it), running at the fake and never finishing by itself. */
async function running(prompt: string): Promise<{ user: StudioUser; id: string; predictionId: string }> {
  const user = await studio.createUser({ credits: 10, premium: true });
  const submitted = await studio.caller(user).generation.submit({ model_id: 'flux-schnell', prompt });
  const row = await runUntil(studio.db, submitted.id, ['starting', 'processing']);
  return { user, id: submitted.id, predictionId: row.providerJobId! };
}

function macOf(webhookId: string, timestamp: number, rawBody: string): string {
  const key = Buffer.from(replicate.webhookSecret.slice('whsec_'.length), 'base64');
  return createHmac('sha256', key).update(`${webhookId}.${timestamp}.${rawBody}`).digest('base64');
}

async function deliver(rawBody: string, headers: Record<string, string>) {
  const response = await fetch(`${studio.server.url}/api/webhooks/replicate`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: rawBody });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as unknown };
}

describe('a correctly signed delivery whose prediction id holds a NUL', () => {
  it('is 400 invalid_payload without Retry-After (it was 503: retried for ever); nothing changes', async () => {
    const { user, id, predictionId } = await running('nul id');
    const deliveries = await studio.db.webhookDelivery.count();
    for (const badId of [`${predictionId}\u0000`, '\u0000', `x\u0000y`]) {
      const rawBody = JSON.stringify({ id: badId, status: 'succeeded', output: ['https://example.test/out.png'], error: null, logs: '' });
      expect(await deliver(rawBody, replicate.signWebhook(rawBody))).toEqual({ status: 400, retryAfter: null, body: { ok: false, error: 'invalid_payload' } });
    }
    // Still running as it was (a poll of the fake may move it from starting to processing meanwhile).
    const after = await studio.db.generation.findUniqueOrThrow({ where: { id } });
    expect(after.status).toMatch(/^(starting|processing)$/);
    expect(after.outputs).toBeNull();
    expect(await studio.db.webhookDelivery.count()).toBe(deliveries);
    expect(await studio.balance(user)).toBe(9);
  });
});

describe('the signature is the exact text, nothing that decodes to it', () => {
  it('refuses every other spelling of a valid MAC (401), then opens with the exact one', async () => {
    const { user, id, predictionId } = await running('spelled');
    const rawBody = JSON.stringify({ id: predictionId, status: 'failed', output: null, error: 'forged failure', logs: '' });
    const timestamp = Math.floor(Date.now() / 1000);
    // A delivery id whose MAC has a '+' or '/', so the URL-safe spelling differs (found, not hoped for).
    let webhookId = '';
    let mac = '';
    for (let n = 0; !/[+/]/.test(mac); n += 1) {
      webhookId = `msg_spelling_${n}`;
      mac = macOf(webhookId, timestamp, rawBody);
    }
    const headers = (signature: string) => ({ 'webhook-id': webhookId, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature });
    const spellings = otherBase64Spellings(mac);
    expect(spellings.map(([name]) => name)).toContain('the URL-safe alphabet');
    for (const [name, spelling] of spellings) {
      expect(Buffer.from(spelling, 'base64').equals(Buffer.from(mac, 'base64')), name).toBe(true);
      expect(await deliver(rawBody, headers(`v1,${spelling}`)), name).toEqual({ status: 401, retryAfter: null, body: { ok: false, error: 'bad_signature' } });
    }
    // A signature with more after a second comma is not the signature either.
    expect((await deliver(rawBody, headers(`v1,${mac},extra`))).status).toBe(401);
    expect((await studio.db.generation.findUniqueOrThrow({ where: { id } })).status).toMatch(/^(starting|processing)$/);
    expect(await studio.balance(user)).toBe(9);
    // The exact text (among other entries, as Standard Webhooks allows) opens it.
    expect(await deliver(rawBody, headers(`v1,${mac.slice(0, 43)} v1,${mac}`))).toEqual({ status: 200, retryAfter: null, body: { ok: true, outcome: 'applied' } });
    expect((await studio.db.generation.findUniqueOrThrow({ where: { id } })).status).toBe('failed');
    expect(await studio.balance(user)).toBe(10);
  });
});

describe('a signed failure whose error text holds a NUL', () => {
  it('is applied (200): the error stored without the NUL, the credits refunded', async () => {
    const { user, id, predictionId } = await running('nul error');
    const rawBody = JSON.stringify({ id: predictionId, status: 'failed', output: null, error: 'CUDA\u0000 out of memory', logs: '' });
    expect(await deliver(rawBody, replicate.signWebhook(rawBody))).toEqual({ status: 200, retryAfter: null, body: { ok: true, outcome: 'applied' } });
    expect(await studio.db.generation.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'failed', error: 'CUDA out of memory' });
    expect(await studio.balance(user)).toBe(10);
  });
});
